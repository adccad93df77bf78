import { sql } from 'drizzle-orm';
import { CATALOG_PART_IMPORT_COLUMNS, CatalogPartImportRow } from '../../../contract/import';
import * as t from '../../db/schema';
import { defineKind, doesNotExist, type RowIssue } from '../kind';
import { queryRows, withJson } from '../write';
import { corporatePartKey } from './corporate-parts';

interface CorporateWording {
  subPartDescription: string;
  corporateDescription: string;
  unitOfMeasure: string;
}

interface CatalogReferences {
  plants: Set<string>;
  corporate: Map<string, CorporateWording>;
}

/** Who the catalog rows an import adds were created by (parts_catalog.created_by). */
export const IMPORTED_BY = 'Catalog import';

/*
 * A part of a plant's catalog is several rows, one per version (server/parts-catalog/admin.ts): the approved one,
 * a pending change, older inactive ones. The import writes the approved, active version of each part of the file:
 * it updates the one the plant has, or adds one when it has none; pending changes and old versions stay as they are.
 * No unique index can say "one approved, active version" (reverting a change briefly has two), so the statement
 * matches them itself, with the catalog locked against other writers for the import's transaction.
 */
const MERGE = `WITH input AS (
    SELECT * FROM jsonb_to_recordset($json::jsonb) AS input(plant_number text, category_number text, commodity_number text, part_number text,
      sub_part_number text, sub_part_description text, friendly_description text, notes text, corporate_description text, unit_of_measure text)
  ),
  existing AS (
    SELECT part.id, input.* FROM input JOIN parts_catalog AS part
      ON part.plant_number = input.plant_number AND part.category_number = input.category_number AND part.commodity_number = input.commodity_number
      AND part.part_number = input.part_number AND part.sub_part_number = input.sub_part_number AND part.approved AND part.active
  ),
  updated AS (
    UPDATE parts_catalog AS part
      SET sub_part_description = existing.sub_part_description, friendly_description = existing.friendly_description, notes = existing.notes,
        corporate_description = existing.corporate_description, unit_of_measure = existing.unit_of_measure
      FROM existing
      WHERE part.id = existing.id
        AND ROW(part.sub_part_description, part.friendly_description, part.notes, part.corporate_description, part.unit_of_measure)
          IS DISTINCT FROM ROW(existing.sub_part_description, existing.friendly_description, existing.notes, existing.corporate_description, existing.unit_of_measure)
      RETURNING part.id
  ),
  inserted AS (
    INSERT INTO parts_catalog (plant_number, category_number, commodity_number, part_number, sub_part_number, sub_part_description,
        friendly_description, notes, corporate_description, unit_of_measure, approved, active, created_by)
      SELECT plant_number, category_number, commodity_number, part_number, sub_part_number, sub_part_description,
        friendly_description, notes, corporate_description, unit_of_measure, true, true, '${IMPORTED_BY}'
      FROM input
      WHERE NOT EXISTS (
        SELECT 1 FROM existing WHERE existing.plant_number = input.plant_number AND existing.category_number = input.category_number
          AND existing.commodity_number = input.commodity_number AND existing.part_number = input.part_number AND existing.sub_part_number = input.sub_part_number
      )
      RETURNING id
  )
  SELECT (SELECT count(*) FROM inserted)::int AS inserted, (SELECT count(DISTINCT existing.plant_number || '/' || existing.category_number || '/' ||
    existing.commodity_number || '/' || existing.part_number || '/' || existing.sub_part_number) FROM existing JOIN updated ON updated.id = existing.id)::int AS updated`;

/** The approved parts of plants' catalogs, by plant and corporate part; each takes the corporate part's wording and unit. */
export const partsCatalogKind = defineKind<CatalogPartImportRow, CatalogReferences>({
  description: "The approved parts of each plant's catalog, chosen from the corporate parts list, with the plant's own words.",
  columns: CATALOG_PART_IMPORT_COLUMNS,
  schema: CatalogPartImportRow,
  keyField: 'partNumber',
  keyOf: (row) => `${row.plantNumber}/${corporatePartKey(row)}`,
  loadReferences: async (db) => {
    // Writes to the catalog wait until the import ends (reads go on), so no plant change slips between its statements.
    await db.execute(sql`lock table ${t.partsCatalog} in share row exclusive mode`);
    const corporate = await db.select().from(t.corporateParts);
    return {
      plants: new Set((await db.select({ plantNumber: t.plants.plantNumber }).from(t.plants)).map((plant) => plant.plantNumber)),
      corporate: new Map(corporate.map((part) => [corporatePartKey(part), part])),
    };
  },
  check: (row, { refs }) => {
    const issues: RowIssue[] = [];
    if (!refs.plants.has(row.plantNumber)) issues.push({ field: 'plantNumber', message: doesNotExist('plant', row.plantNumber) });
    if (!refs.corporate.has(corporatePartKey(row))) {
      const part = [row.categoryNumber, row.commodityNumber, row.partNumber, row.subPartNumber].filter(Boolean).join(' ');
      issues.push({
        field: 'partNumber',
        message: `Part ${part} (category, commodity, part${row.subPartNumber ? ', sub-part' : ''}) is not in the corporate parts list.`,
      });
    }
    return issues;
  },
  write: async (db, rows, { refs }) => {
    const json = rows.map((row) => {
      const wording = refs.corporate.get(corporatePartKey(row))!;
      return {
        plant_number: row.plantNumber,
        category_number: row.categoryNumber,
        commodity_number: row.commodityNumber,
        part_number: row.partNumber,
        sub_part_number: row.subPartNumber,
        sub_part_description: wording.subPartDescription,
        friendly_description: row.friendlyDescription,
        notes: row.notes,
        corporate_description: wording.corporateDescription,
        unit_of_measure: wording.unitOfMeasure,
      };
    });
    const [counts] = await queryRows<{ inserted: number; updated: number }>(db, withJson(MERGE, json));
    return { inserted: Number(counts?.inserted ?? 0), updated: Number(counts?.updated ?? 0) };
  },
});
