import { getTableColumns, is, sql, SQL } from 'drizzle-orm';
import { PgDialect, PgJson, PgJsonb, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../client';

/*
 * The seed's inserts: the rows of a table as one JSON parameter (jsonb_populate_recordset) rather than a statement of
 * bound values per batch. Binding each value costs the most on PGlite (a demo seed binds hundreds of thousands of
 * them, a benchmark seed millions); one JSON text is parsed by the server in one go.
 *
 * The rows written are the ones drizzle's insert writes for the same values: a value left out (undefined) takes the
 * column's $defaultFn, or else its database default; every other value goes through the column's own mapping to the
 * driver (dates, numbers), JSON columns hold the value itself, and bytes go as bytea's hex text.
 */

const dialect = new PgDialect();

/** The value as jsonb_populate_recordset reads it into `column`, or undefined for the column's default. */
function jsonValue(column: PgColumn, value: unknown): unknown {
  if (value === undefined) {
    if (column.defaultFn) value = column.defaultFn();
    else if (!column.default && column.onUpdateFn) value = column.onUpdateFn();
    else return undefined;
  }
  if (value === null) return null;
  if (value instanceof Uint8Array) return `\\x${Buffer.from(value).toString('hex')}`;
  if (is(column, PgJson) || is(column, PgJsonb)) return value;
  if (is(value, SQL)) {
    // A default that names the database's own (a trigger fills the column in).
    if (dialect.sqlToQuery(value).sql.trim().toLowerCase() === 'default') return undefined;
    throw new Error(`insertRows: an SQL value for ${column.name}`);
  }
  return column.mapToDriverValue(value);
}

/** Inserts `rows` into `table`: one statement per run of rows giving the same columns (leaving the same ones to their defaults). */
export async function insertRows<T extends PgTable>(
  db: Database,
  table: T,
  rows: T['$inferInsert'] | readonly T['$inferInsert'][],
): Promise<void> {
  await insertRowsReturning(db, table, (Array.isArray(rows) ? rows : [rows]) as readonly Record<string, unknown>[], undefined);
}

/** insertRows, answering the new rows' `id` in the order of `rows`. */
export async function insertRowsReturningIds<T extends PgTable>(
  db: Database,
  table: T,
  rows: readonly T['$inferInsert'][],
): Promise<number[]> {
  return insertRowsReturning(db, table, rows as readonly Record<string, unknown>[], 'id');
}

async function insertRowsReturning(
  db: Database,
  table: PgTable,
  rows: readonly Record<string, unknown>[],
  returning: 'id' | undefined,
): Promise<number[]> {
  const columns = Object.entries(getTableColumns(table));
  const ids: number[] = new Array<number>(rows.length);
  // Runs of rows that give the same columns, in the rows' order (so that serial ids are drawn as drizzle draws them).
  const runs: { names: string[]; documents: Record<string, unknown>[]; places: number[] }[] = [];
  let signature: string | undefined;
  rows.forEach((row, place) => {
    const document: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      const value = jsonValue(column, row[key]);
      if (value !== undefined) document[column.name] = value;
    }
    const names = Object.keys(document);
    if (names.join(',') !== signature) {
      signature = names.join(',');
      runs.push({ names, documents: [], places: [] });
    }
    runs.at(-1)!.documents.push(document);
    runs.at(-1)!.places.push(place);
  });
  for (const { names, documents, places } of runs) {
    const list = sql.join(
      names.map((name) => sql.identifier(name)),
      sql`, `,
    );
    // In the rows' order (ordinality): serial ids are drawn, and the ids answered, in it.
    const select = sql`select ${list} from jsonb_populate_recordset(null::${table}, ${JSON.stringify(documents)}::jsonb) with ordinality as r order by r.ordinality`;
    if (!returning) {
      await db.execute(sql`insert into ${table} (${list}) ${select}`);
      continue;
    }
    const result = (await db.execute(sql`insert into ${table} (${list}) ${select} returning id`)) as unknown as {
      rows: { id: number | string }[];
    };
    result.rows.forEach((row, index) => (ids[places[index]!] = Number(row.id)));
  }
  return returning ? ids : [];
}
