import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * A table's whole row as one selected value (`row_to_json`), decoded column by column as drizzle decodes a column.
 * PGlite decodes every value of an answer on its own (a copy of its bytes, then a TextDecoder call): for a list of tens
 * of thousands of wide rows that was most of a download page's time, and one JSON value a row costs a fraction of it
 * (issue 31: 18,000 warranty cards with their homes, 1.26 s as columns against 0.56 s as one JSON value a row). A
 * PostgreSQL server's driver reads columns cheaply: there the homeowner list pages about a tenth slower this way
 * (17,300 rows/s against 19,500; PGlite 11,900), which one way of reading for both drivers is worth. For tables of
 * JSON's kinds of value: text, numbers, booleans, dates and timestamps (tests/api/whole-row.test.ts compares every column).
 */
export function wholeRow<Table extends PgTable>(table: Table): SQL<Table['$inferSelect']> {
  const columns = Object.entries(getTableColumns(table));
  return sql`row_to_json(${table})`.mapWith((value: string | Record<string, unknown>) => {
    // Both drivers parse json; a text answer is decoded here all the same.
    const json = typeof value === 'string' ? (JSON.parse(value) as Record<string, unknown>) : value;
    const row: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      const field = json[column.name];
      row[key] = field === null || field === undefined ? null : column.mapFromDriverValue(field);
    }
    return row as Table['$inferSelect'];
  });
}
