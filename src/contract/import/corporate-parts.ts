import * as v from 'valibot';
import { digitsCell, importColumns, optional, required, textCell } from './cells';

/** An optional sub-part number: digits, or empty (the part has no sub-parts). */
export const subPartNumberCell = optional(digitsCell(10), '');

/**
 * Import kind `corporate-parts`: the corporate parts list plant catalogs are built from (spec 3 §7
 * GetPartsNotInCatalog), with the categories and commodities it sorts the parts into.
 */
const corporatePartColumns = {
  categoryNumber: required(digitsCell(10)),
  categoryDescription: required(textCell(60)),
  commodityNumber: required(digitsCell(10)),
  commodityDescription: required(textCell(60)),
  partNumber: required(digitsCell(10)),
  subPartNumber: subPartNumberCell,
  subPartDescription: optional(textCell(60), ''),
  corporateDescription: required(textCell(60)),
  unitOfMeasure: required(
    v.pipe(
      textCell(10, { pattern: [/^[A-Za-z]{1,10}$/, 'Must be letters, such as EA.'] }),
      v.transform((unit) => unit.toUpperCase()),
    ),
  ),
};

export const CorporatePartImportRow = v.object(corporatePartColumns);
export type CorporatePartImportRow = v.InferOutput<typeof CorporatePartImportRow>;
export const CORPORATE_PART_IMPORT_COLUMNS = importColumns(corporatePartColumns);
