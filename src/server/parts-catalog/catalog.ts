import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { CatalogCategory, CatalogCommodity, CatalogPart, CatalogPartRow, CategoryCatalog, PartsCatalog } from '../../contract';
import type { Database } from '../db/client';
import * as t from '../db/schema';
import { inWindow, windowOrder, type SyncSource } from '../sync/source';

/*
 * A plant's parts catalog as spec 3 §3 shapes it: categories → commodities → parts, in number order.
 * Decided here: the approved catalog holds the parts that are both approved and active (what a parts item
 * may be picked from); the whole catalog holds every row, pending and inactive ones too (the admin view's
 * Pending and InActive states). Categories and commodities are the ones the plant's catalog uses.
 */

const partColumns = {
  part: t.partsCatalog,
  categoryDescription: t.catalogCategories.description,
  commodityDescription: t.catalogCommodities.description,
  commodityImage: t.catalogCommodities.imageFilename,
};

type PartRow = typeof t.partsCatalog.$inferSelect;

export function toCatalogPart(part: PartRow, categoryDescription: string, commodityDescription: string): CatalogPart {
  return {
    partsCatalogId: part.id,
    categoryNumber: part.categoryNumber,
    categoryDescription,
    commodityNumber: part.commodityNumber,
    commodityDescription,
    subPartNumber: part.subPartNumber,
    subPartDescription: part.subPartDescription,
    partNumber: part.partNumber,
    notes: part.notes,
    friendlyDescription: part.friendlyDescription,
    corporateDescription: part.corporateDescription,
    unitOfMeasure: part.unitOfMeasure,
    combinedPartNumber: `${part.categoryNumber}${part.commodityNumber}${part.partNumber}`,
    imageFilename: part.imageFilename,
    approved: part.approved,
    createDate: part.createDate.toISOString(),
    createdBy: part.createdBy,
    plantNumber: part.plantNumber,
    active: part.active,
    isActiveAndApproved: part.active && part.approved,
  };
}

export const catalogRows = (db: Database, condition: SQL | undefined) =>
  db
    .select({ ...partColumns, xid: t.partsCatalog.syncXid })
    .from(t.partsCatalog)
    .innerJoin(t.catalogCategories, eq(t.catalogCategories.categoryNumber, t.partsCatalog.categoryNumber))
    .innerJoin(
      t.catalogCommodities,
      and(
        eq(t.catalogCommodities.categoryNumber, t.partsCatalog.categoryNumber),
        eq(t.catalogCommodities.commodityNumber, t.partsCatalog.commodityNumber),
      ),
    )
    .where(condition);

const approvedAndActive = and(eq(t.partsCatalog.approved, true), eq(t.partsCatalog.active, true));

/**
 * A plant's catalog for delta sync (sync/delta.ts): flat parts, each with its commodity's image (what the tree's
 * commodity shows), named by partsCatalogId. In the approved catalog a part that stops being approved and active
 * (replaced by an approved change, removed) is delivered as removed.
 */
export function catalogSyncSource(plantNumber: string, approvedOnly: boolean): SyncSource<CatalogPartRow> {
  const plant = eq(t.partsCatalog.plantNumber, plantNumber);
  return {
    table: 'parts_catalog',
    scope: [plantNumber, approvedOnly],
    tombstones: eq(t.syncTombstones.plantNumber, plantNumber),
    changes: { from: sql`${t.partsCatalog}`, where: plant, xid: t.partsCatalog.syncXid, id: t.partsCatalog.id },
    rows: async (db, window) => {
      const query = catalogRows(db, and(plant, inWindow(t.partsCatalog.syncXid, t.partsCatalog.id, window))).orderBy(
        ...windowOrder(t.partsCatalog.syncXid, t.partsCatalog.id),
      );
      const rows = await (window.limit === undefined ? query : query.limit(window.limit));
      return rows.map(({ part, xid, categoryDescription, commodityDescription, commodityImage }) => ({
        xid,
        id: part.id,
        item:
          approvedOnly && !(part.approved && part.active)
            ? null
            : { ...toCatalogPart(part, categoryDescription, commodityDescription), commodityImageFilename: commodityImage },
      }));
    },
    count: async (db) =>
      (
        await db
          .select({ rows: count() })
          .from(t.partsCatalog)
          .where(approvedOnly ? and(plant, approvedAndActive) : plant)
      )[0]?.rows ?? 0,
  };
}

/** GET /PartsCatalog?plantNumber={n}[&approved=true] */
export async function loadCatalog(db: Database, plantNumber: string, approvedOnly: boolean): Promise<PartsCatalog> {
  const plant = eq(t.partsCatalog.plantNumber, plantNumber);
  const rows = await catalogRows(db, approvedOnly ? and(plant, approvedAndActive) : plant).orderBy(
    asc(t.partsCatalog.categoryNumber),
    asc(t.partsCatalog.commodityNumber),
    asc(t.partsCatalog.partNumber),
    asc(t.partsCatalog.id),
  );
  const categoryCatalogs: CategoryCatalog[] = [];
  for (const { part, categoryDescription, commodityDescription, commodityImage } of rows) {
    let category = categoryCatalogs.at(-1);
    if (category?.category.categoryNumber !== part.categoryNumber) {
      category = { category: { categoryNumber: part.categoryNumber, description: categoryDescription }, commodityCatalogs: [] };
      categoryCatalogs.push(category);
    }
    let commodity = category.commodityCatalogs.at(-1);
    if (commodity?.commodity.commodityNumber !== part.commodityNumber) {
      commodity = {
        commodity: { commodityNumber: part.commodityNumber, description: commodityDescription },
        imageFilename: commodityImage,
        parts: [],
      };
      category.commodityCatalogs.push(commodity);
    }
    commodity.parts.push(toCatalogPart(part, categoryDescription, commodityDescription));
  }
  return { plantNumber, categoryCatalogs };
}

/** GET /PartsCatalog/GetCategories?plantNumber={n} */
export async function catalogCategoriesOf(db: Database, plantNumber: string): Promise<CatalogCategory[]> {
  return db
    .selectDistinct({ categoryNumber: t.catalogCategories.categoryNumber, description: t.catalogCategories.description })
    .from(t.catalogCategories)
    .innerJoin(
      t.partsCatalog,
      and(eq(t.partsCatalog.categoryNumber, t.catalogCategories.categoryNumber), eq(t.partsCatalog.plantNumber, plantNumber)),
    )
    .orderBy(asc(t.catalogCategories.categoryNumber));
}

/** GET /PartsCatalog/GetCommodities?plantNumber={n}&categoryNumber={n} */
export async function catalogCommoditiesOf(db: Database, plantNumber: string, categoryNumber: string): Promise<CatalogCommodity[]> {
  return db
    .selectDistinct({ commodityNumber: t.catalogCommodities.commodityNumber, description: t.catalogCommodities.description })
    .from(t.catalogCommodities)
    .innerJoin(
      t.partsCatalog,
      and(
        eq(t.partsCatalog.categoryNumber, t.catalogCommodities.categoryNumber),
        eq(t.partsCatalog.commodityNumber, t.catalogCommodities.commodityNumber),
        eq(t.partsCatalog.plantNumber, plantNumber),
      ),
    )
    .where(eq(t.catalogCommodities.categoryNumber, categoryNumber))
    .orderBy(asc(t.catalogCommodities.commodityNumber));
}
