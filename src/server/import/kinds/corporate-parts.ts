import { CORPORATE_PART_IMPORT_COLUMNS, CorporatePartImportRow } from '../../../contract/import';
import { defineKind, type RowIssue } from '../kind';
import { countWrites, upsertRows } from '../write';

/** What the file said a category or commodity is called, and on which line it first said so. */
interface Described {
  description: string;
  line: number;
}

interface CorporateReferences {
  categories: Map<string, Described>;
  commodities: Map<string, Described>;
}

export const corporatePartKey = (part: { categoryNumber: string; commodityNumber: string; partNumber: string; subPartNumber: string }) =>
  `${part.categoryNumber}/${part.commodityNumber}/${part.partNumber}/${part.subPartNumber}`;

/** One description per category and commodity in a file: a row that names it otherwise is refused. */
function describedOnce(
  seen: Map<string, Described>,
  key: string,
  description: string,
  line: number,
  field: string,
  what: string,
): RowIssue[] {
  const first = seen.get(key);
  if (!first) {
    seen.set(key, { description, line });
    return [];
  }
  return first.description === description ? [] : [{ field, message: `${what} is "${first.description}" on line ${first.line}.` }];
}

/**
 * The corporate parts list by category, commodity, part and sub-part number, with the catalog's categories and
 * commodities (their descriptions), which the rows create or rename.
 */
export const corporatePartsKind = defineKind<CorporatePartImportRow, CorporateReferences>({
  description: 'The corporate parts list, with its categories and commodities: what plant catalogs are built from.',
  columns: CORPORATE_PART_IMPORT_COLUMNS,
  schema: CorporatePartImportRow,
  keyField: 'partNumber',
  keyOf: corporatePartKey,
  loadReferences: async () => ({ categories: new Map(), commodities: new Map() }),
  check: (row, { refs, line }) => [
    ...describedOnce(
      refs.categories,
      row.categoryNumber,
      row.categoryDescription,
      line,
      'categoryDescription',
      `Category ${row.categoryNumber}`,
    ),
    ...describedOnce(
      refs.commodities,
      `${row.categoryNumber}/${row.commodityNumber}`,
      row.commodityDescription,
      line,
      'commodityDescription',
      `Commodity ${row.categoryNumber} ${row.commodityNumber}`,
    ),
  ],
  write: async (db, rows) => {
    const categories = new Map(
      rows.map((row) => [row.categoryNumber, { category_number: row.categoryNumber, description: row.categoryDescription }]),
    );
    const commodities = new Map(
      rows.map((row) => [
        `${row.categoryNumber}/${row.commodityNumber}`,
        { category_number: row.categoryNumber, commodity_number: row.commodityNumber, description: row.commodityDescription },
      ]),
    );
    const categoriesWritten = await upsertRows(
      db,
      {
        table: 'catalog_categories',
        input: [
          ['category_number', 'text'],
          ['description', 'text'],
        ],
        insert: ['category_number', 'description'],
        conflict: '("category_number")',
        update: ['description'],
        key: 'target.category_number',
      },
      [...categories.values()],
    );
    const commoditiesWritten = await upsertRows(
      db,
      {
        table: 'catalog_commodities',
        input: [
          ['category_number', 'text'],
          ['commodity_number', 'text'],
          ['description', 'text'],
        ],
        insert: ['category_number', 'commodity_number', 'description'],
        conflict: '("category_number", "commodity_number")',
        update: ['description'],
        key: `target.category_number || '/' || target.commodity_number`,
      },
      [...commodities.values()],
    );
    const partsWritten = await upsertRows(
      db,
      {
        table: 'corporate_parts',
        input: [
          ['category_number', 'text'],
          ['commodity_number', 'text'],
          ['part_number', 'text'],
          ['sub_part_number', 'text'],
          ['sub_part_description', 'text'],
          ['corporate_description', 'text'],
          ['unit_of_measure', 'text'],
        ],
        insert: [
          'category_number',
          'commodity_number',
          'part_number',
          'sub_part_number',
          'sub_part_description',
          'corporate_description',
          'unit_of_measure',
        ],
        conflict: '("category_number", "commodity_number", "part_number", "sub_part_number")',
        update: ['sub_part_description', 'corporate_description', 'unit_of_measure'],
        key: `target.category_number || '/' || target.commodity_number || '/' || target.part_number || '/' || target.sub_part_number`,
      },
      rows.map((row) => ({
        category_number: row.categoryNumber,
        commodity_number: row.commodityNumber,
        part_number: row.partNumber,
        sub_part_number: row.subPartNumber,
        sub_part_description: row.subPartDescription,
        corporate_description: row.corporateDescription,
        unit_of_measure: row.unitOfMeasure,
      })),
    );
    // A renamed category or commodity changes what every row of it shows.
    const renamedCategories = new Set(categoriesWritten.filter((row) => !row.inserted).map((row) => row.key));
    const renamedCommodities = new Set(commoditiesWritten.filter((row) => !row.inserted).map((row) => row.key));
    const renamed = rows.filter(
      (row) => renamedCategories.has(row.categoryNumber) || renamedCommodities.has(`${row.categoryNumber}/${row.commodityNumber}`),
    );
    return countWrites(partsWritten, renamed.map(corporatePartKey));
  },
});
