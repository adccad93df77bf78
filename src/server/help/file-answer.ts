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

/** The quoted strong ETag of a file whose bytes hash to `sha256`. */
export const etagOf = (sha256: string) => `"${sha256}"`;

/** Whether an If-None-Match header names this ETag (weak comparison, RFC 9110 §13.1.2). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

/**
 * Whether a Range request may be answered with a part: an If-Range naming another version of the
 * file asks for the whole (new) file instead (RFC 9110 §13.1.5).
 */
export const rangeStillValid = (ifRange: string | undefined, etag: string) => ifRange === undefined || ifRange.trim() === etag;

/** Content-Disposition for a name that is already stripped to letters, digits and spaces (lib/help-files.ts). */
export const contentDisposition = (kind: 'inline' | 'attachment', fileName: string) => `${kind}; filename="${fileName}"`;
