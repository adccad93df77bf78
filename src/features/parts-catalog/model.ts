import {
  CATALOG_ADMIN_TEXT,
  catalogParts,
  partDescription,
  partDisplayStatus,
  type CatalogCategory,
  type CatalogChangeRequest,
  type CatalogCommodity,
  type CatalogPart,
  type PartDisplayStatus,
  type PartsCatalog,
} from '../../contract';
import { LIST_PAGE_SIZE } from '../../lib/list';

/*
 * The parts catalog admin's view of a plant's whole catalog (spec 3 §2, §4): one entry per part (its versions
 * folded together), in the category → commodity → part tree, with its display status.
 */

/** One part of the admin tree: the version the Part Form opens and the version the plant has approved. */
export interface AdminPart {
  key: string;
  /** What the list shows and the Part Form opens: the pending version when there is one, else the approved one, else the latest. */
  shown: CatalogPart;
  approved: CatalogPart | null;
  pending: CatalogPart | null;
  status: PartDisplayStatus;
  description: string;
}

export interface AdminCommodity {
  category: CatalogCategory;
  commodity: CatalogCommodity;
  key: string;
  imageFilename: string;
  parts: AdminPart[];
  pendingCount: number;
}

export interface AdminCategory {
  category: CatalogCategory;
  commodities: AdminCommodity[];
}

const partKeyOf = (part: CatalogPart) => `${part.categoryNumber}|${part.commodityNumber}|${part.partNumber}|${part.subPartNumber}`;
export const commodityKeyOf = (categoryNumber: string, commodityNumber: string) => `${categoryNumber}-${commodityNumber}`;

/** The versions of one part folded into the entry the admin shows (spec 3 §4 display status of the version shown). */
export function foldVersions(versions: readonly CatalogPart[]): AdminPart {
  const newestFirst = [...versions].sort((a, b) => b.partsCatalogId - a.partsCatalogId);
  const approved = newestFirst.find((part) => partDisplayStatus(part) === 'Approved') ?? null;
  const pending = newestFirst.find((part) => partDisplayStatus(part) === 'Pending') ?? null;
  const shown = pending ?? approved ?? newestFirst[0]!;
  return { key: partKeyOf(shown), shown, approved, pending, status: partDisplayStatus(shown), description: partDescription(shown) };
}

/**
 * A part's change request (GET /PartsCatalog/GetChangeRequest) as a plant's whole catalog tells it, for the Part Form
 * offline: the part beside the newest other approved, active version of it (as the server picks it). The reviewer's
 * comment is not in the catalog: it is empty. Undefined when the catalog does not hold the part.
 */
export function changeRequestFromCatalog(catalog: PartsCatalog, partsCatalogId: number): CatalogChangeRequest | undefined {
  const parts = catalogParts(catalog);
  const part = parts.find((candidate) => candidate.partsCatalogId === partsCatalogId);
  if (!part) return undefined;
  const approvedPart =
    parts
      .filter((other) => other.partsCatalogId !== partsCatalogId && partKeyOf(other) === partKeyOf(part) && other.active && other.approved)
      .sort((a, b) => b.partsCatalogId - a.partsCatalogId)[0] ?? null;
  return { approvedPart, pendingPart: part, isApproved: part.approved, comment: '' };
}

/**
 * The admin tree of a plant's whole catalog: categories → commodities → parts, in the server's catalog order. Parts
 * with no active version (removed, or declined before they were ever approved) are left out unless `withInactive`.
 */
export function adminTree(catalog: PartsCatalog, withInactive: boolean): AdminCategory[] {
  return catalog.categoryCatalogs
    .map((categoryCatalog) => ({
      category: categoryCatalog.category,
      commodities: categoryCatalog.commodityCatalogs
        .map((commodityCatalog) => {
          const versions = new Map<string, CatalogPart[]>();
          for (const part of commodityCatalog.parts) versions.set(partKeyOf(part), [...(versions.get(partKeyOf(part)) ?? []), part]);
          const parts = [...versions.values()].map(foldVersions).filter((part) => withInactive || part.status !== 'InActive');
          return {
            category: categoryCatalog.category,
            commodity: commodityCatalog.commodity,
            key: commodityKeyOf(categoryCatalog.category.categoryNumber, commodityCatalog.commodity.commodityNumber),
            imageFilename: commodityCatalog.imageFilename,
            parts,
            pendingCount: parts.filter((part) => part.pending !== null).length,
          };
        })
        .filter((commodity) => commodity.parts.length > 0),
    }))
    .filter((category) => category.commodities.length > 0);
}

const words = (search: string) => search.trim().toLowerCase().split(/\s+/).filter(Boolean);
const matchesAll = (text: string, terms: readonly string[]) => {
  const haystack = text.toLowerCase();
  return terms.every((term) => haystack.includes(term));
};

/** 'Search Commodities...': the commodities whose name (or their category's) has every word of the search. */
export function searchCommodities(tree: readonly AdminCategory[], search: string): AdminCategory[] {
  const terms = words(search);
  if (terms.length === 0) return [...tree];
  return tree
    .map((category) => ({
      ...category,
      commodities: category.commodities.filter((commodity) =>
        matchesAll(`${category.category.description} ${commodity.commodity.description}`, terms),
      ),
    }))
    .filter((category) => category.commodities.length > 0);
}

/** 'Search {commodity}...': the parts with every word in their numbers, descriptions, unit or status. */
export function searchParts(parts: readonly AdminPart[], search: string): AdminPart[] {
  const terms = words(search);
  if (terms.length === 0) return [...parts];
  return parts.filter((part) => {
    const { shown } = part;
    return matchesAll(
      [
        shown.combinedPartNumber,
        shown.partNumber,
        shown.subPartNumber,
        shown.subPartDescription,
        shown.friendlyDescription,
        shown.corporateDescription,
        shown.unitOfMeasure,
        shown.notes,
        part.status,
      ].join(' '),
      terms,
    );
  });
}

/** spec 3 §2: the search box's placeholder, by whether a commodity is chosen. */
export const searchPlaceholder = (commodity: CatalogCommodity | null) =>
  commodity ? CATALOG_ADMIN_TEXT.searchCommodity(commodity.description) : CATALOG_ADMIN_TEXT.searchCommodities;

/**
 * spec 3 §9: catalog lists start at 10 and grow by 10 when scrolled, but only while the limit is at or below the
 * item count (a list that already shows everything stops growing).
 */
export const CATALOG_LIST_SIZE = LIST_PAGE_SIZE;
export const grownLimit = (limit: number, itemCount: number) => (limit <= itemCount ? limit + CATALOG_LIST_SIZE : limit);

/** spec 3 §5: a chosen image is sent as base64 with the data-URL prefix stripped. */
export function stripDataUrlPrefix(dataUrl: string): string {
  const comma = dataUrl.indexOf(',');
  return dataUrl.startsWith('data:') && comma >= 0 ? dataUrl.slice(comma + 1) : dataUrl;
}

/** spec 3 §4 add-part drill-down: category, then commodity, then part, then the part's details. */
export type AddPartStep =
  | { step: 'category' }
  | { step: 'commodity'; category: CatalogCategory }
  | { step: 'part'; category: CatalogCategory; commodity: CatalogCommodity }
  | { step: 'detail'; category: CatalogCategory; commodity: CatalogCommodity; partKey: string };

/** The back action: one level up (spec 3 §2); the first level has none. */
export function stepBack(current: AddPartStep): AddPartStep | null {
  switch (current.step) {
    case 'category':
      return null;
    case 'commodity':
      return { step: 'category' };
    case 'part':
      return { step: 'commodity', category: current.category };
    case 'detail':
      return { step: 'part', category: current.category, commodity: current.commodity };
  }
}

/** spec 3 §2: the help text of each drill-down level. */
export const addPartHelp = (step: AddPartStep['step']) =>
  step === 'category'
    ? CATALOG_ADMIN_TEXT.selectCategory
    : step === 'commodity'
      ? CATALOG_ADMIN_TEXT.selectCommodity
      : step === 'part'
        ? CATALOG_ADMIN_TEXT.selectPart
        : null;
