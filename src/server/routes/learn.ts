import { asc, eq, getTableColumns } from 'drizzle-orm';
import type { Context } from 'hono';
import { LEARN_MESSAGES, LearnReferenceList, LearnReferenceParams, paths, type LearnCategory, type LearnDocument } from '../../contract';
import type { Database } from '../db/client';
import * as t from '../db/schema';
import { errorResponse } from '../http/errors';
import { contentDisposition, fileAnswer, type ByteRange } from '../http/file-answer';
import { route, type RouteDefinition } from '../http/route';

/*
 * learn: the Learn library (spec 3 §2 Learn and Help, §3 Documents, §7 Documents). Every signed-in user may read it
 * (spec 3 §6: Learn, Help and Feedback are for everyone).
 */

// A document may be replaced under the same id: the browser keeps it but asks (cheaply, by ETag) before reuse.
const FILE_CACHE_CONTROL = 'private, no-cache';

/** Everything about a document but its bytes, which stay in the database until sent. */
const { data: _bytes, ...documentColumns } = getTableColumns(t.learnDocuments);
type DocumentRow = Omit<typeof t.learnDocuments.$inferSelect, 'data'>;

const toLearnDocument = (row: DocumentRow): LearnDocument => ({
  documentId: row.id,
  subCategoryId: row.subCategoryId,
  fileName: row.fileName,
  fileType: row.fileType,
  displayName: row.displayName,
  contentType: row.contentType,
  size: row.sizeBytes,
  etag: row.sha256,
  updatedAt: row.updatedAt.toISOString(),
});

/** Categories → sub-categories → documents, each level in its own order (position, then id). */
async function listReferences(db: Database): Promise<LearnCategory[]> {
  const [categories, subCategories, documents] = await Promise.all([
    db.select().from(t.learnCategories).orderBy(asc(t.learnCategories.position), asc(t.learnCategories.id)),
    db.select().from(t.learnSubCategories).orderBy(asc(t.learnSubCategories.position), asc(t.learnSubCategories.id)),
    db.select(documentColumns).from(t.learnDocuments).orderBy(asc(t.learnDocuments.position), asc(t.learnDocuments.id)),
  ]);
  return categories.map((category) => ({
    categoryId: category.id,
    displayName: category.displayName,
    subCategories: subCategories
      .filter((subCategory) => subCategory.categoryId === category.id)
      .map((subCategory) => ({
        subCategoryId: subCategory.id,
        displayName: subCategory.displayName,
        documents: documents.filter((document) => document.subCategoryId === subCategory.id).map(toLearnDocument),
      })),
  }));
}

/** The file name for Content-Disposition: letters, digits, dots, dashes, underscores and spaces only. */
const safeFileName = (fileName: string) => fileName.replace(/[^A-Za-z0-9._ -]+/g, '').trim() || 'document.pdf';

/** The bytes of a document inline, with an ETag (If-None-Match → 304) and single byte ranges (206, 416), as Help's files. */
async function documentAnswer(c: Context, db: Database, documentId: number): Promise<Response> {
  const [document] = await db.select().from(t.learnDocuments).where(eq(t.learnDocuments.id, documentId));
  if (!document) return errorResponse(404, LEARN_MESSAGES.noSuchDocument);
  const file = {
    contentType: document.contentType,
    sha256: document.sha256,
    size: document.data.byteLength,
    read: (range?: ByteRange) => (range ? document.data.subarray(range.start, range.end + 1) : document.data),
  };
  return fileAnswer(c, file, {
    cacheControl: FILE_CACHE_CONTROL,
    contentDisposition: contentDisposition('inline', safeFileName(document.fileName)),
    ranges: true,
  });
}

export const learnRoutes: RouteDefinition[] = [
  route({
    method: 'GET',
    endpoint: paths.learnReferences,
    summary: 'The Learn library: categories, sub-categories and their documents',
    answer: LearnReferenceList,
    handle: async ({ c, db }) => c.json(await listReferences(db)),
  }),

  route({
    method: 'GET',
    endpoint: paths.learnReference,
    summary: 'A Learn document’s file',
    answer: {
      contentType: ['application/pdf', 'application/octet-stream'],
      etag: true,
      ranges: true,
      description: 'The file, of the type it was stored with (mostly PDF).',
    },
    errors: [404],
    params: LearnReferenceParams,
    handle: ({ c, db, params }) => documentAnswer(c, db, params.documentId),
  }),
];
