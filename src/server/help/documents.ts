import { and, asc, eq, sql } from 'drizzle-orm';
import type { HelpDocument, HelpFileType } from '../../contract';
import type { Database } from '../db/client';
import * as t from '../db/schema';
import type { ByteRange } from '../http/file-answer';

/** Everything about a help document except its bytes (which stay in the database until sent). */
const summaryColumns = {
  id: t.helpDocuments.id,
  displayName: t.helpDocuments.displayName,
  fileType: t.helpDocuments.fileType,
  category: t.helpDocuments.category,
  contentType: t.helpDocuments.contentType,
  sizeBytes: t.helpDocuments.sizeBytes,
  sha256: t.helpDocuments.sha256,
  hasCaptions: sql<boolean>`${t.helpDocuments.captionsVtt} is not null`,
  updatedAt: t.helpDocuments.updatedAt,
};

export type HelpDocumentSummary = Awaited<ReturnType<typeof listHelpDocuments>>[number];

export const listHelpDocuments = (db: Database) =>
  db.select(summaryColumns).from(t.helpDocuments).orderBy(asc(t.helpDocuments.position), asc(t.helpDocuments.id));

export async function findHelpDocument(db: Database, id: number, fileType?: HelpFileType): Promise<HelpDocumentSummary | undefined> {
  const [row] = await db
    .select(summaryColumns)
    .from(t.helpDocuments)
    .where(fileType ? and(eq(t.helpDocuments.id, id), eq(t.helpDocuments.fileType, fileType)) : eq(t.helpDocuments.id, id));
  return row;
}

export const toHelpDocument = (row: HelpDocumentSummary): HelpDocument => ({
  documentId: row.id,
  displayName: row.displayName,
  fileType: row.fileType,
  category: row.category,
  contentType: row.contentType,
  size: row.sizeBytes,
  etag: row.sha256,
  hasCaptions: row.hasCaptions,
  updatedAt: row.updatedAt.toISOString(),
});

/** The bytes of a document, or of one range of them (read by the database, so a seek never loads the whole video). */
export async function readHelpBytes(db: Database, id: number, range?: ByteRange): Promise<Uint8Array | undefined> {
  const data = range
    ? sql<Uint8Array>`substring(${t.helpDocuments.data} from ${range.start + 1}::integer for ${range.end - range.start + 1}::integer)`
    : sql<Uint8Array>`${t.helpDocuments.data}`;
  const [row] = await db.select({ data }).from(t.helpDocuments).where(eq(t.helpDocuments.id, id));
  return row?.data;
}

export async function readHelpCaptions(db: Database, id: number): Promise<string | null | undefined> {
  const [row] = await db
    .select({ captions: t.helpDocuments.captionsVtt })
    .from(t.helpDocuments)
    .where(and(eq(t.helpDocuments.id, id), eq(t.helpDocuments.fileType, 'video')));
  return row ? row.captions : undefined;
}
