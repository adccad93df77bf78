import { sql } from 'drizzle-orm';
import type { Database } from '../../../src/server/db/client';

/**
 * Counts every committed row change of the test database: a row trigger on each table adds one to a counter table,
 * in the writing transaction, so a write that is rolled back leaves the counter as it was. A refused request that
 * changed no row leaves the sum unchanged; the per-table counts say which table changed when one did.
 *
 * The Idempotency-Key store is watched by what it holds instead: a refused write claims its key and releases it again
 * (idempotency.ts), two row changes that leave nothing behind. Its entry is a fingerprint of its rows (each row present
 * adds 2^32 plus a hash of its text), kept by a trigger of its own: a key row left, changed or removed moves it.
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
  await db.execute(sql`
    create function fuzz_fingerprint_rows() returns trigger language plpgsql as $$
    declare
      change bigint := 0;
    begin
      if TG_OP <> 'INSERT' then change := change - (4294967296 + hashtext(OLD::text)); end if;
      if TG_OP <> 'DELETE' then change := change + (4294967296 + hashtext(NEW::text)); end if;
      insert into fuzz_row_writes values (TG_TABLE_NAME, change)
        on conflict (table_name) do update set writes = fuzz_row_writes.writes + excluded.writes;
      return null;
    end $$`);
  const tables = (await db.execute(sql`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'fuzz_row_writes'`)) as unknown as {
    rows: { table_name: string }[];
  };
  for (const { table_name: table } of tables.rows) {
    const count = table === 'idempotency_keys' ? 'fuzz_fingerprint_rows' : 'fuzz_count_row_write';
    await db.execute(
      sql.raw(
        `create trigger fuzz_count_row_write after insert or update or delete on "${table}" for each row execute function ${count}()`,
      ),
    );
  }
  if (tables.rows.length < 20) throw new Error(`only ${tables.rows.length} tables found to watch`);
  if (!tables.rows.some((row) => row.table_name === 'idempotency_keys')) throw new Error('no idempotency_keys table to watch');

  /** The writes so far, per table (for idempotency_keys, the fingerprint of its rows). */
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
