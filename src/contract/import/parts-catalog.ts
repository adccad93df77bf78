import * as v from 'valibot';
import { digitsCell, importColumns, optional, required, textCell } from './cells';
import { subPartNumberCell } from './corporate-parts';

/**
 * Import kind `parts-catalog`: the approved parts of a plant's catalog (spec 3 §3 Part). A part is one of the
 * corporate list (import `corporate-parts` first), whose wording and unit it takes; the plant adds its own words.
 */
const catalogPartColumns = {
  plantNumber: required(digitsCell(6)),
  categoryNumber: required(digitsCell(10)),
  commodityNumber: required(digitsCell(10)),
  partNumber: required(digitsCell(10)),
  subPartNumber: subPartNumberCell,
  /** The plant's words for the part; empty shows the corporate description (spec 3 §5). */
  friendlyDescription: optional(textCell(200), ''),
  notes: optional(textCell(500, { multiline: true }), ''),
};

export const CatalogPartImportRow = v.object(catalogPartColumns);
export type CatalogPartImportRow = v.InferOutput<typeof CatalogPartImportRow>;
export const CATALOG_PART_IMPORT_COLUMNS = importColumns(catalogPartColumns);
