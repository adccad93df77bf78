import { defineExport } from '../kind';

interface StoredCatalogPart {
  plant_number: string;
  category_number: string;
  commodity_number: string;
  part_number: string;
  sub_part_number: string;
  friendly_description: string;
  notes: string;
}

/**
 * The approved, active version of each part of each plant's catalog: what the import writes. Pending changes and older
 * versions are the catalog admin's, not the import's. Should a part have two approved, active versions for a moment
 * (a revert), the newer one is exported, so that the file names each part once.
 */
export const partsCatalogExport = defineExport<StoredCatalogPart>({
  select:
    'part.plant_number, part.category_number, part.commodity_number, part.part_number, part.sub_part_number, part.friendly_description, part.notes',
  from: 'parts_catalog AS part',
  where: `part.approved AND part.active AND NOT EXISTS (
    SELECT 1 FROM parts_catalog AS newer WHERE newer.plant_number = part.plant_number AND newer.category_number = part.category_number
      AND newer.commodity_number = part.commodity_number AND newer.part_number = part.part_number
      AND newer.sub_part_number = part.sub_part_number AND newer.approved AND newer.active AND newer.id > part.id)`,
  key: 'part.id',
  cells: (part) => ({
    plantNumber: part.plant_number,
    categoryNumber: part.category_number,
    commodityNumber: part.commodity_number,
    partNumber: part.part_number,
    subPartNumber: part.sub_part_number,
    friendlyDescription: part.friendly_description,
    notes: part.notes,
  }),
});
