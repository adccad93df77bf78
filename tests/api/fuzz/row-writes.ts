import { sql } from 'drizzle-orm';
import type { Database } from '../../../src/server/db/client';

/**
 * Counts every committed row change of the test database: a row trigger on each table adds one to a counter table,
 * in the writing transaction, so a write that is rolled back leaves the counter as it was. A refused request that
 * changed no row leaves the sum unchanged; the per-table counts say which table changed when one did. The
 * Idempotency-Key store is left out: a refused write claims its key and releases it again (idempotency.ts), which
 * leaves no row behind but is two row changes.
 */
export async function countRowWrites(db: Database) {
  await db.execute(sql`create table fuzz_row_writes (table_name text primary key, writes bigint not null)`);
  await db.execute(sql`
    create function fuzz_count_row_write() returns trigger language plpgsql as $$
    begin
      insert into fuzz_row_writes values (TG_TABLE_NAME, 1)
        on conflict (table_name) do update set writes = fuzz_row_writes.writes + 1;
      return null;
    end $$`);
  const tables = (await db.execute(sql`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not in ('fuzz_row_writes', 'idempotency_keys')`)) as unknown as {
    rows: { table_name: string }[];
  };
  for (const { table_name: table } of tables.rows) {
    await db.execute(
      sql.raw(
        `create trigger fuzz_count_row_write after insert or update or delete on "${table}" for each row execute function fuzz_count_row_write()`,
      ),
    );
  }
  if (tables.rows.length < 20) throw new Error(`only ${tables.rows.length} tables found to watch`);

  /** The writes so far, per table. */
  return async function rowWrites(): Promise<Map<string, number>> {
    const result = (await db.execute(sql`select table_name, writes from fuzz_row_writes`)) as unknown as {
      rows: { table_name: string; writes: string | number }[];
    };
    return new Map(result.rows.map((row) => [row.table_name, Number(row.writes)]));
  };
}

/** The tables whose count differs between two readings of rowWrites. */
export function changedTables(before: Map<string, number>, after: Map<string, number>): string[] {
  return [...after].filter(([table, writes]) => before.get(table) !== writes).map(([table]) => table);
}
