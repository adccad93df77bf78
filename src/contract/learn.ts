import * as v from 'valibot';
import { Timestamp } from './common';

/*
 * The Learn library (spec 3 §2 Learn and Help, §3 Documents, §7 Documents): manuals in categories and sub-categories.
 * GET {api}/Documents/References answers the categories with their sub-categories and documents; GET
 * {api}/Documents/References/{documentId} answers a document's bytes (ETag, If-None-Match → 304, single byte
 * ranges), inline. Every signed-in user may read it (spec 3 §6: Learn is for everyone).
 */

const Id = v.pipe(v.number(), v.integer(), v.minValue(1));

/**
 * spec 3 §3 Document: documentId, subCategoryId, fileName, fileType, displayName; plus what keeps an offline
 * copy honest, as for Help (etag = hex sha256 of the bytes, size, updatedAt).
 */
export const LearnDocument = v.object({
  documentId: Id,
  subCategoryId: Id,
  fileName: v.string(),
  fileType: v.string(),
  displayName: v.string(),
  contentType: v.string(),
  size: v.pipe(v.number(), v.integer(), v.minValue(0)),
  etag: v.string(),
  updatedAt: Timestamp,
});
export type LearnDocument = v.InferOutput<typeof LearnDocument>;

/** spec 3 §3 Sub-category: subCategoryId, displayName, documents. */
export const LearnSubCategory = v.object({ subCategoryId: Id, displayName: v.string(), documents: v.array(LearnDocument) });
export type LearnSubCategory = v.InferOutput<typeof LearnSubCategory>;

/** spec 3 §3 Document category: categoryId, displayName, subCategories. */
export const LearnCategory = v.object({ categoryId: Id, displayName: v.string(), subCategories: v.array(LearnSubCategory) });
export type LearnCategory = v.InferOutput<typeof LearnCategory>;

/** GET {api}/Documents/References */
export const LearnReferenceList = v.array(LearnCategory);

/** Path parameter of GET {api}/Documents/References/{documentId}. */
export const LearnReferenceParams = v.object({
  documentId: v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'Document id must be digits.'), v.transform(Number)),
});

export const LEARN_MESSAGES = {
  noSuchDocument: 'There is no such Learn document.',
} as const;
