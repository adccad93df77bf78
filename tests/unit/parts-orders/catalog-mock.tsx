import type { CatalogPart, CatalogPartRow, PartsCatalog } from '../../../src/contract';

/*
 * The catalog helper's part (src/features/parts-orders/catalog) stands in here with the same exports: a
 * picker that offers the parts of a fixed approved catalog as buttons, so these tests are about the order
 * screens, not the drill-down (which has its own tests).
 */

export const catalogPart = (partNumber: string, changes: Partial<CatalogPart> = {}): CatalogPart => ({
  partsCatalogId: Number(partNumber.replace(/\D/g, '')) || 1,
  categoryNumber: '05',
  categoryDescription: 'Kitchen',
  commodityNumber: '20',
  commodityDescription: 'Faucets',
  subPartNumber: '',
  subPartDescription: '',
  partNumber,
  notes: '',
  friendlyDescription: `Faucet ${partNumber}`,
  corporateDescription: `FAUCET ${partNumber}`,
  unitOfMeasure: 'EA',
  combinedPartNumber: `0520${partNumber}`,
  imageFilename: `${partNumber}.svg`,
  approved: true,
  createDate: '2026-01-01',
  createdBy: 'plant@demo.homesite.test',
  plantNumber: '910',
  active: true,
  isActiveAndApproved: true,
  ...changes,
});

export const CATALOG_PARTS = [
  catalogPart('FAU-1'),
  catalogPart('BOX-9', { unitOfMeasure: 'BOX', friendlyDescription: '', corporateDescription: '' }),
];

export const approvedCatalog = (plantNumber: string): PartsCatalog => ({
  plantNumber,
  categoryCatalogs: [
    {
      category: { categoryNumber: '05', description: 'Kitchen' },
      commodityCatalogs: [{ commodity: { commodityNumber: '20', description: 'Faucets' }, imageFilename: '', parts: CATALOG_PARTS }],
    },
  ],
});

/** The same catalog as the server's delta sync delivers it (GET /PartsCatalog?…&since=): flat parts with their commodity's image. */
export const approvedCatalogRows = (plantNumber: string): CatalogPartRow[] =>
  approvedCatalog(plantNumber).categoryCatalogs.flatMap((category) =>
    category.commodityCatalogs.flatMap((commodity) =>
      commodity.parts.map((part) => ({ ...part, plantNumber, commodityImageFilename: commodity.imageFilename })),
    ),
  );

export const catalogModule = {
  useApprovedCatalog: (plantNumber: string) => ({
    data: { data: approvedCatalog(plantNumber), storedAt: 0, fromCache: false },
    isPending: false,
  }),
  useCatalogImage: (fileName: string | null) => (fileName ? `blob:catalog/${fileName}` : undefined),
  useCatalogPriming: () => undefined,
  CatalogPicker: ({
    plantNumber,
    onPick,
    onCancel,
  }: {
    plantNumber: string;
    onPick: (part: CatalogPart) => void;
    onCancel: () => void;
  }) => (
    <div role="group" aria-label={`Parts catalog of plant ${plantNumber}`}>
      {CATALOG_PARTS.map((part) => (
        <button key={part.partNumber} type="button" onClick={() => onPick(part)}>
          Pick {part.partNumber}
        </button>
      ))}
      <button type="button" onClick={onCancel}>
        Back to the item
      </button>
    </div>
  ),
};
