import * as v from 'valibot';
import { Timestamp } from './common';

export const HELP_FILE_TYPES = ['pdf', 'video'] as const;
export type HelpFileType = (typeof HELP_FILE_TYPES)[number];

/**
 * A help document (spec 1 §3, spec 3 Documents): documentId, displayName and fileType as the spec names
 * them, plus what the client needs to keep an offline copy honest (etag = sha256 of the bytes, size, updatedAt).
 */
export const HelpDocument = v.object({
  documentId: v.pipe(v.number(), v.integer(), v.minValue(1)),
  displayName: v.string(),
  fileType: v.picklist(HELP_FILE_TYPES),
  category: v.string(),
  contentType: v.string(),
  size: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** The strong ETag of the file answer, without quotes (hex sha256 of the bytes). */
  etag: v.string(),
  /** Videos only: whether a captions track (WebVTT) is served for it. */
  hasCaptions: v.boolean(),
  updatedAt: Timestamp,
});
export type HelpDocument = v.InferOutput<typeof HelpDocument>;

/** GET {api}/Documents/Help */
export const HelpDocumentList = v.array(HelpDocument);

/** Path parameter of GET {api}/Documents/Help/{documentId}. */
export const HelpDocumentParams = v.object({
  documentId: v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'Document id must be digits.'), v.transform(Number)),
});

/** `?documentId=` of the FileStream help calls (spec 1 §7). */
export const HelpFileQuery = v.object({
  documentId: v.pipe(v.string('Document id is required.'), v.regex(/^\d{1,9}$/, 'Document id must be digits.'), v.transform(Number)),
});
