import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { ConflictBody } from '../../contract';
import type { Database } from '../db/client';
import { jsonResponse } from './errors';

export const STALE_RECORD_MESSAGE = 'This record was changed by someone else. Reload to see the latest version.';

/** 409 for an update made against an old copy: the client shows the record as it is now. */
export const staleRecordResponse = (current: unknown) =>
  jsonResponse(409, { message: STALE_RECORD_MESSAGE, current } satisfies ConflictBody);

type VersionedTable = PgTable & { rowVersion: PgColumn };

/**
 * Updates the row matched by `where` only if its rowVersion is still `expected`, and bumps it.
 * Answers the number of rows written: 0 means the caller's copy is stale (or the row is gone).
 */
export async function updateIfCurrent<T extends VersionedTable>(
  db: Database,
  table: T,
  where: SQL | undefined,
  expected: number,
  values: PgUpdateSetSource<T>,
): Promise<number> {
  const set = { ...values, rowVersion: sql`${table.rowVersion} + 1` } as PgUpdateSetSource<T>;
  const written = await db
    .update(table)
    .set(set)
    .where(and(where, eq(table.rowVersion, expected)))
    .returning({ rowVersion: table.rowVersion });
  return written.length;
}
