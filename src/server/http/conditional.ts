/*
 * Conditional requests (RFC 9110 §13): every ETag the server answers and every If-None-Match it reads goes through
 * here, so that a weak validator, a list of them or `*` is understood the same way by every endpoint.
 */

/** An entity tag as sent (RFC 9110 §8.8.3): its opaque value without the quotes, and whether it was marked weak. */
export interface EntityTag {
  weak: boolean;
  opaque: string;
}

/** The strong ETag of a file whose bytes hash to `sha256`. */
export const strongEtag = (sha256: string) => `"${sha256}"`;

/** entity-tag = [ "W/" ] DQUOTE *etagc DQUOTE; etagc is any visible character but the quote, or obs-text. "W/" is case-sensitive. */
const ENTITY_TAG = /(W\/)?"([\x21\x23-\x7e\x80-\xff]*)"/y;
/** Optional whitespace and empty list elements (RFC 9110 §5.6.1 lets a recipient accept `, ,`). */
const SEPARATORS = /[ \t]*(?:,[ \t]*)*/y;

function readAt(pattern: RegExp, text: string, at: number) {
  pattern.lastIndex = at;
  const match = pattern.exec(text);
  return match ? { match, end: pattern.lastIndex } : undefined;
}

/**
 * If-None-Match = "*" / #entity-tag (RFC 9110 §13.1.2). A malformed field is read as naming no tag, so the full
 * answer is sent: that is always correct, where a wrong 304 would leave the client with a stale copy.
 * Commas inside a quoted tag belong to the tag.
 */
export function parseIfNoneMatch(header: string | undefined): '*' | EntityTag[] {
  if (header === undefined) return [];
  const text = header.trim();
  if (text === '*') return '*';
  const tags: EntityTag[] = [];
  let at = readAt(SEPARATORS, text, 0)!.end;
  while (at < text.length) {
    const tag = readAt(ENTITY_TAG, text, at);
    if (!tag) return [];
    tags.push({ weak: tag.match[1] !== undefined, opaque: tag.match[2]! });
    const separators = readAt(SEPARATORS, text, tag.end)!;
    // Two tags need a comma between them.
    if (separators.end < text.length && !separators.match[0].includes(',')) return [];
    at = separators.end;
  }
  return tags;
}

/**
 * Whether an If-None-Match field names the current `etag` (as answered, e.g. `"abc"` or `W/"abc"`): `*`, or any of
 * its tags by the weak comparison (RFC 9110 §8.8.3.2: the opaque values are equal, weak or not), which is what
 * §13.1.2 prescribes for If-None-Match.
 */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  const tags = parseIfNoneMatch(header);
  if (tags === '*') return true;
  const current = readAt(ENTITY_TAG, etag, 0);
  if (current?.end !== etag.length) throw new Error(`not an entity tag: ${etag}`);
  return tags.some((tag) => tag.opaque === current.match[2]);
}

/**
 * Whether a Range request may be answered with a part: an If-Range naming another version of the file (or a date,
 * which files here do not answer) asks for the whole file instead. The strong comparison (RFC 9110 §13.1.5).
 */
export const ifRangeAllowsPart = (ifRange: string | undefined, etag: string) => ifRange === undefined || ifRange.trim() === etag;
