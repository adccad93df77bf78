import * as v from 'valibot';
import { PlantNumber } from './common';
import { SyncQueryFields } from './sync';

/*
 * The parts catalog of a plant (spec 3 §3 Parts catalog), as the read-only approved catalog shows it
 * when a part is picked onto a parts item (spec 3 §2, §5). The admin and change-management calls come
 * with their own screens.
 */

/** The server's answers where the spec gives no wording (spec 3 §8: no catalog error handling is shown). */
export const PARTS_CATALOG_MESSAGES = {
  plantNotYours: 'That plant is not one of yours.',
  wholeCatalogNotYours: 'Pending and inactive parts are for plant users and catalog change admins; ask for approved=true.',
  imageNotFound: 'Image was not found.',
  imageNameInvalid: 'Image names are a file name with an image extension.',
} as const;

export interface CatalogCategory {
  categoryNumber: string;
  description: string;
}

export interface CatalogCommodity {
  commodityNumber: string;
  description: string;
}

/** spec 3 §3 Part (base64Image is sent only with a change request, never in a catalog). */
export interface CatalogPart {
  partsCatalogId: number;
  categoryNumber: string;
  categoryDescription: string;
  commodityNumber: string;
  commodityDescription: string;
  subPartNumber: string;
  subPartDescription: string;
  partNumber: string;
  notes: string;
  friendlyDescription: string;
  corporateDescription: string;
  unitOfMeasure: string;
  combinedPartNumber: string;
  imageFilename: string;
  approved: boolean;
  createDate: string;
  createdBy: string;
  plantNumber: string;
  active: boolean;
  isActiveAndApproved: boolean;
}

/** A part as the catalog's delta sync delivers it (contract/sync.ts): flat, with its commodity's image. */
export interface CatalogPartRow extends CatalogPart {
  commodityImageFilename: string;
}

export interface CommodityCatalog {
  commodity: CatalogCommodity;
  imageFilename: string;
  parts: CatalogPart[];
}

export interface CategoryCatalog {
  category: CatalogCategory;
  commodityCatalogs: CommodityCatalog[];
}

/** spec 3 §3: parts catalog (plantNumber, categoryCatalogs) → category catalogs → commodity catalogs → parts. */
export interface PartsCatalog {
  plantNumber: string;
  categoryCatalogs: CategoryCatalog[];
}

/** GET /PartsCatalog?plantNumber={n}[&approved=true] */
export const PartsCatalogQuery = v.object({
  plantNumber: PlantNumber,
  approved: v.optional(v.pipe(v.picklist(['true', 'false'], 'approved must be true or false.'), v.transform((value) => value === 'true')), 'false'),
  ...SyncQueryFields,
});

export const CategoriesQuery = v.object({ plantNumber: PlantNumber });
export const CommoditiesQuery = v.object({ plantNumber: PlantNumber, categoryNumber: v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'Category number must be digits.')) });

/** The image file names the catalog stores: a name and an image extension, nothing that could climb out of the folder. */
export const CATALOG_IMAGE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}\.(png|jpe?g|gif|svg|webp)$/i;
/** spec 3 §3: a part without an image file shows this placeholder (served from the same folder). */
export const CATALOG_PLACEHOLDER_IMAGE = 'placeholder.svg';
export const catalogImageName = (imageFilename: string | null | undefined) => (imageFilename && imageFilename.trim() ? imageFilename.trim() : CATALOG_PLACEHOLDER_IMAGE);

/** spec 3 §5: an empty friendly description coming back in a list is treated as unset. */
export const partDescription = (part: Pick<CatalogPart, 'friendlyDescription' | 'corporateDescription'>) =>
  part.friendlyDescription.trim() || part.corporateDescription.trim();

/**
 * spec 3 §5 Parts item: a part picked from the catalog fills the item; unit of measure and description
 * are locked when the catalog supplies them. Clearing the pick resets the item (the form's job).
 */
export function itemFieldsFromCatalog(part: CatalogPart) {
  const description = partDescription(part);
  const unitOfMeasure = part.unitOfMeasure.trim();
  return {
    fields: {
      categoryNumber: part.categoryNumber,
      commodityNumber: part.commodityNumber,
      partNumber: part.partNumber,
      partDescription: description,
      unitOfMeasure,
    },
    locked: { partDescription: description !== '', unitOfMeasure: unitOfMeasure !== '' },
  };
}

/** Every part of a catalog, flat, in catalog order (for search and for keeping offline). */
export const catalogParts = (catalog: PartsCatalog): CatalogPart[] =>
  catalog.categoryCatalogs.flatMap((category) => category.commodityCatalogs.flatMap((commodity) => commodity.parts));

export const CatalogPartRowAnswer = v.pipe(v.looseObject({ partsCatalogId: v.number(), plantNumber: v.string(), categoryNumber: v.string(), commodityNumber: v.string(), partNumber: v.string() }), v.transform((row) => row as unknown as CatalogPartRow));
export const PartsCatalogAnswer = v.pipe(
  v.looseObject({ plantNumber: v.string(), categoryCatalogs: v.array(v.looseObject({ category: v.looseObject({ categoryNumber: v.string() }) })) }),
  v.transform((catalog) => catalog as unknown as PartsCatalog),
);
