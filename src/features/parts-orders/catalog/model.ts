import type {
  CatalogCategory,
  CatalogCommodity,
  CatalogPart,
  CatalogPartRow,
  CategoryCatalog,
  CommodityCatalog,
  PartsCatalog,
} from '../../../contract';

/*
 * The catalog as the picker offers it, and its search. Only approved and active parts may be picked onto a
 * parts item (spec 3 §2, §3); categories and commodities without such a part are left out.
 */

export const isPickable = (part: CatalogPart) => part.approved && part.active;

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Category and commodity numbers are digits: '9' before '10'. */
function byNumber(a: string, b: string) {
  const x = Number(a);
  const y = Number(b);
  return Number.isNaN(x) || Number.isNaN(y) || x === y ? byText(a, b) : x - y;
}

/** Catalog order: categories and commodities by number, parts by part number (then id, so that the order is total). */
export const catalogOrder = (a: CatalogPart, b: CatalogPart) =>
  byNumber(a.categoryNumber, b.categoryNumber) ||
  byNumber(a.commodityNumber, b.commodityNumber) ||
  byText(a.partNumber, b.partNumber) ||
  a.partsCatalogId - b.partsCatalogId;

/**
 * The catalog tree (categories → commodities → parts) of the flat rows a plant's approved catalog is kept as
 * (catalog/api.ts), in catalog order; a commodity's image is the one its rows carry.
 */
export function catalogTree(plantNumber: string, rows: readonly CatalogPartRow[]): PartsCatalog {
  const categoryCatalogs: CategoryCatalog[] = [];
  let category: CategoryCatalog | undefined;
  let commodity: CommodityCatalog | undefined;
  // The kept list holds its rows in this order already: sorting them again costs one pass.
  for (const row of [...rows].sort(catalogOrder)) {
    const { commodityImageFilename, ...part } = row;
    if (category?.category.categoryNumber !== part.categoryNumber) {
      category = { category: { categoryNumber: part.categoryNumber, description: part.categoryDescription }, commodityCatalogs: [] };
      categoryCatalogs.push(category);
      commodity = undefined;
    }
    if (commodity?.commodity.commodityNumber !== part.commodityNumber) {
      commodity = {
        commodity: { commodityNumber: part.commodityNumber, description: part.commodityDescription },
        imageFilename: commodityImageFilename,
        parts: [],
      };
      category.commodityCatalogs.push(commodity);
    }
    commodity.parts.push(part);
  }
  return { plantNumber, categoryCatalogs };
}

export interface PickableCommodity {
  commodity: CatalogCommodity;
  imageFilename: string;
  parts: CatalogPart[];
}

export interface PickableCategory {
  category: CatalogCategory;
  commodities: PickableCommodity[];
  partCount: number;
}

export interface PickableCatalog {
  categories: PickableCategory[];
  /** Every pickable part, in catalog order. */
  parts: CatalogPart[];
}

export function pickableCatalog(catalog: PartsCatalog): PickableCatalog {
  const categories: PickableCategory[] = [];
  for (const { category, commodityCatalogs } of catalog.categoryCatalogs) {
    const commodities = commodityCatalogs
      .map(({ commodity, imageFilename, parts }) => ({ commodity, imageFilename, parts: parts.filter(isPickable) }))
      .filter((commodity) => commodity.parts.length > 0);
    if (commodities.length === 0) continue;
    categories.push({ category, commodities, partCount: commodities.reduce((sum, commodity) => sum + commodity.parts.length, 0) });
  }
  return { categories, parts: categories.flatMap((category) => category.commodities.flatMap((commodity) => commodity.parts)) };
}

interface SearchEntry {
  part: CatalogPart;
  /** What a search looks in, lower-cased once. */
  text: string;
  /** Its part numbers, lower-cased, for ranking exact hits first. */
  numbers: readonly string[];
}

export type PartSearchIndex = readonly SearchEntry[];

export const partSearchIndex = (parts: readonly CatalogPart[]): PartSearchIndex =>
  parts.map((part) => ({
    part,
    text: [
      part.partNumber,
      part.combinedPartNumber,
      part.friendlyDescription,
      part.corporateDescription,
      part.subPartDescription,
      part.commodityDescription,
      part.categoryDescription,
    ]
      .join('\n')
      .toLowerCase(),
    numbers: [part.partNumber.toLowerCase(), part.combinedPartNumber.toLowerCase()],
  }));

/** The words of a search text; a part matches when every word appears in it. */
export const searchWords = (text: string) => text.toLowerCase().split(/\s+/).filter(Boolean);

/**
 * Parts matching every word of `text` (part number, descriptions, commodity, category), in catalog order,
 * except that parts whose number starts with the text come first: a typed part number finds its part on top.
 */
export function searchParts(index: PartSearchIndex, text: string): CatalogPart[] {
  const words = searchWords(text);
  if (words.length === 0) return [];
  const whole = words.join(' ');
  const first: CatalogPart[] = [];
  const rest: CatalogPart[] = [];
  for (const entry of index) {
    if (!words.every((word) => entry.text.includes(word))) continue;
    if (entry.numbers.some((number) => number.startsWith(whole))) first.push(entry.part);
    else rest.push(entry.part);
  }
  return first.concat(rest);
}
