import { createHash, type Hash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import * as t from '../db/schema';
import { withJson } from './write';

/*
 * The last imported form of every row an import wrote (table import_fingerprints). Upstream systems send the same
 * rows night after night; a row the file carries unchanged since its last import is not written again, so what users
 * changed in the app since (a homeowner's new e-mail, a card completed at the homesite) is not put back. A row the
 * file changed is written, and overwrites the app's edit: the upstream system changed it.
 */

/** Starts a row's fingerprint from its checked form; what its check reads (a PDF) is added with `update`. */
export const startFingerprint = (row: unknown): Hash => createHash('sha256').update(JSON.stringify(row));

export async function knownFingerprints(db: Database, kind: string, keys: readonly string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({ key: t.importFingerprints.naturalKey, fingerprint: t.importFingerprints.fingerprint })
    .from(t.importFingerprints)
    .where(and(eq(t.importFingerprints.kind, kind), inArray(t.importFingerprints.naturalKey, [...keys])));
  return new Map(rows.map((row) => [row.key, row.fingerprint]));
}

export async function rememberFingerprints(db: Database, kind: string, rows: readonly { key: string; fingerprint: string }[]) {
  if (rows.length === 0) return;
  // One JSON parameter for the batch (write.ts): as many parameters as rows cost a third of a large import's time.
  await db.execute(
    withJson(
      `INSERT INTO import_fingerprints (kind, natural_key, fingerprint)
       SELECT kind, natural_key, fingerprint FROM jsonb_to_recordset($json::jsonb) AS input(kind text, natural_key text, fingerprint text)
       ON CONFLICT (kind, natural_key) DO UPDATE SET fingerprint = excluded.fingerprint, imported_at = now()`,
      rows.map((row) => ({ kind, natural_key: row.key, fingerprint: row.fingerprint })),
    ),
  );
}
