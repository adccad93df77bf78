import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';

/*
 * The statements kinds write batches with. A batch goes to the database as ONE parameter, a JSON array of rows keyed
 * by column name, which jsonb_to_recordset turns into a typed table: one statement per batch whatever its size, no
 * limit on parameters, and PostgreSQL's own input functions for dates and numbers. Table and column names here come
 * from the kinds' code, never from a file.
 */

/** A column of the batch's JSON rows: its name (the table's column name) and SQL type. */
export type InputColumn = readonly [name: string, type: string];

const quote = (name: string) => `"${name}"`;

/** `input("serial_number" text, …)`: the batch as a table named `input`. */
const recordset = (columns: readonly InputColumn[]) =>
  `jsonb_to_recordset($json::jsonb) AS input(${columns.map(([name, type]) => `${quote(name)} ${type}`).join(', ')})`;

/** The rows a statement answers (PGlite and node-postgres both answer { rows }). */
export async function queryRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/** The SQL text with the batch's JSON as its one parameter. */
export function withJson(text: string, rows: readonly object[]) {
  const [before, after] = text.split('$json') as [string, string];
  return sql`${sql.raw(before)}${JSON.stringify(rows)}${sql.raw(after)}`;
}

export interface UpsertSpec {
  table: string;
  /** The columns of the batch's JSON rows. */
  input: readonly InputColumn[];
  /** Inserted columns and the expression each takes from `input` (and the tables `from` joins); a plain name: input's column. */
  insert: readonly (string | readonly [column: string, expression: string])[];
  /** Joins more tables to `input`, e.g. `JOIN homes ON homes.serial_number = input.serial_number`. */
  from?: string;
  /** The natural key's unique index: `("serial_number")`, `(lower("user_name"))`. */
  conflict: string;
  /** Columns an import may change on a stored row: compared, and all set when one differs. Others are only inserted. */
  update: readonly string[];
  /** More assignments made only when a row changes, e.g. `"row_version" = target."row_version" + 1`. */
  onChange?: readonly string[];
  /** What to answer for each inserted or changed row, as `key`: an expression over `target`. */
  key: string;
}

export interface UpsertedRow {
  key: string;
  inserted: boolean;
}

/**
 * INSERT … ON CONFLICT (natural key) DO UPDATE … WHERE the stored columns differ: a row that is the same is not
 * written at all (no trigger fires, its sync position stays), a changed one is. Answers the rows inserted or changed;
 * the others of the batch were unchanged.
 */
export async function upsertRows(db: Database, spec: UpsertSpec, rows: readonly object[]): Promise<UpsertedRow[]> {
  if (rows.length === 0) return [];
  const insert = spec.insert.map((column) => (typeof column === 'string' ? ([column, `input.${quote(column)}`] as const) : column));
  const stored = spec.update.map((column) => `target.${quote(column)}`).join(', ');
  const proposed = spec.update.map((column) => `excluded.${quote(column)}`).join(', ');
  const assignments = [...spec.update.map((column) => `${quote(column)} = excluded.${quote(column)}`), ...(spec.onChange ?? [])];
  const text = `INSERT INTO ${quote(spec.table)} AS target (${insert.map(([column]) => quote(column)).join(', ')})
    SELECT ${insert.map(([, expression]) => expression).join(', ')} FROM ${recordset(spec.input)} ${spec.from ?? ''}
    ON CONFLICT ${spec.conflict} DO UPDATE SET ${assignments.join(', ')}
    WHERE ROW(${stored}) IS DISTINCT FROM ROW(${proposed})
    RETURNING ${spec.key} AS key, (target.xmax = 0) AS inserted`;
  const result = await queryRows<{ key: string | number; inserted: boolean }>(db, withJson(text, rows));
  return result.map((row) => ({ key: String(row.key), inserted: row.inserted }));
}

export interface LinkSpec {
  /** A table of (owner, value) pairs with a primary key over both, e.g. user_roles (user_id, role_id). */
  table: string;
  owner: InputColumn;
  value: InputColumn;
}

/**
 * Makes the links of each owner of the batch exactly the wanted ones: removes the others, adds the missing ones,
 * leaves the rest alone (so re-importing the same lists writes nothing). Answers the owners whose links changed.
 */
export async function syncLinks(
  db: Database,
  spec: LinkSpec,
  owners: readonly (string | number)[],
  wanted: readonly (readonly [string | number, string | number])[],
): Promise<Set<string>> {
  if (owners.length === 0) return new Set();
  const [owner, ownerType] = spec.owner;
  const [value, valueType] = spec.value;
  const text = `WITH wanted AS (SELECT * FROM jsonb_to_recordset($json::jsonb) AS input(owner ${ownerType}, value ${valueType}, kind text)),
    removed AS (
      DELETE FROM ${quote(spec.table)} AS link
      WHERE link.${quote(owner)} IN (SELECT owner FROM wanted WHERE kind = 'owner')
        AND NOT EXISTS (SELECT 1 FROM wanted WHERE kind = 'link' AND wanted.owner = link.${quote(owner)} AND wanted.value = link.${quote(value)})
      RETURNING link.${quote(owner)} AS owner
    ),
    added AS (
      INSERT INTO ${quote(spec.table)} (${quote(owner)}, ${quote(value)}) SELECT owner, value FROM wanted WHERE kind = 'link'
      ON CONFLICT DO NOTHING
      RETURNING ${quote(owner)} AS owner
    )
    SELECT owner FROM removed UNION SELECT owner FROM added`;
  const json = [
    ...owners.map((key) => ({ owner: key, kind: 'owner' })),
    ...wanted.map(([key, item]) => ({ owner: key, value: item, kind: 'link' })),
  ];
  const result = await queryRows<{ owner: string | number }>(db, withJson(text, json));
  return new Set(result.map((row) => String(row.owner)));
}

/** Inserted and updated counts of a batch from the keys written to its tables: a row is inserted when its main row was. */
export function countWrites(main: readonly UpsertedRow[], alsoChanged: Iterable<string> = []): { inserted: number; updated: number } {
  const inserted = new Set(main.filter((row) => row.inserted).map((row) => row.key));
  const updated = new Set(main.filter((row) => !row.inserted).map((row) => row.key));
  for (const key of alsoChanged) if (!inserted.has(key)) updated.add(key);
  return { inserted: inserted.size, updated: updated.size };
}
