import type { Context } from 'hono';
import { ifNoneMatchHits, ifRangeAllowsPart, strongEtag } from './conditional';
import { ERROR_MESSAGES, errorResponse } from './errors';

/** A byte range of a file, both ends inclusive (RFC 9110 §14.1.2). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Reads a Range header against a file of `size` bytes. Returns the one range to send, 'unsatisfiable'
 * (answer 416), or null to send the whole file: no header, another unit, several ranges or bad syntax
 * (RFC 9110 lets a server ignore those).
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (start >= size) return 'unsatisfiable';
  const end = last === '' ? size - 1 : Number(last);
  if (end < start) return null;
  return { start, end: Math.min(end, size - 1) };
}

/** Content-Disposition for a name that is already stripped to letters, digits and spaces (lib/help-files.ts). */
export const contentDisposition = (kind: 'inline' | 'attachment', fileName: string) => `${kind}; filename="${fileName}"`;

/** A file kept in the database, found but maybe not read yet. */
export interface StoredFile {
  contentType: string;
  /** Hex sha256 of the bytes: the file's strong ETag. */
  sha256: string;
  size: number;
  /** The bytes, or those of one range; undefined when the file went away since it was found. */
  read: (range?: ByteRange) => Uint8Array | undefined | Promise<Uint8Array | undefined>;
}

export interface FileAnswerOptions {
  cacheControl: string;
  contentDisposition: string;
  /** Answer single byte ranges (206, 416), so that a <video> element can seek. */
  ranges?: boolean;
  /** More headers of a full or partial answer (e.g. a Content-Security-Policy for an SVG). */
  headers?: Record<string, string>;
}

/**
 * The answer to a GET of a stored file, the same for every file the server serves (help and Learn documents,
 * catalog images, work-order and delivery-report attachments): its ETag, 304 when If-None-Match names it,
 * optionally one byte range, else the bytes.
 */
export async function fileAnswer(c: Context, file: StoredFile, options: FileAnswerOptions): Promise<Response> {
  const etag = strongEtag(file.sha256);
  const common: Record<string, string> = { ETag: etag, 'Cache-Control': options.cacheControl };
  if (options.ranges) common['Accept-Ranges'] = 'bytes';
  if (ifNoneMatchHits(c.req.header('if-none-match'), etag)) return new Response(null, { status: 304, headers: common });

  const range =
    options.ranges && ifRangeAllowsPart(c.req.header('if-range'), etag) ? parseByteRange(c.req.header('range'), file.size) : null;
  if (range === 'unsatisfiable') {
    return errorResponse(416, 'The requested range is outside the file.', { ...common, 'Content-Range': `bytes */${file.size}` });
  }
  const bytes = await file.read(range ?? undefined);
  if (!bytes) return errorResponse(404, ERROR_MESSAGES.notFound);
  const headers: Record<string, string> = {
    ...common,
    ...options.headers,
    'Content-Type': file.contentType,
    'Content-Length': String(bytes.byteLength),
    'Content-Disposition': options.contentDisposition,
    'X-Content-Type-Options': 'nosniff',
  };
  if (range) headers['Content-Range'] = `bytes ${range.start}-${range.end}/${file.size}`;
  return new Response(bytes as Uint8Array<ArrayBuffer>, { status: range ? 206 : 200, headers });
}
