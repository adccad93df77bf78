import { describe, expect, it } from 'vitest';
import { matchesIfNoneMatch, parseByteRange, rangeStillValid } from '../../../src/server/help/file-answer';

describe('parseByteRange (RFC 9110 §14.1.2) for a file of 1000 bytes', () => {
  it.each([
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=500-', { start: 500, end: 999 }],
    ['bytes=-100', { start: 900, end: 999 }],
    ['bytes=-5000', { start: 0, end: 999 }],
    ['bytes=990-2000', { start: 990, end: 999 }],
    ['bytes=999-999', { start: 999, end: 999 }],
    ['BYTES = 10 - 19', { start: 10, end: 19 }],
  ])('%s → %j', (header, range) => {
    expect(parseByteRange(header, 1000)).toEqual(range);
  });

  it.each(['bytes=1000-', 'bytes=1000-1001', 'bytes=-0'])('%s is unsatisfiable', (header) => {
    expect(parseByteRange(header, 1000)).toBe('unsatisfiable');
  });

  it.each([undefined, '', 'items=0-1', 'bytes=0-1,5-9', 'bytes=9-3', 'bytes=-', 'bytes=abc'])('%j sends the whole file', (header) => {
    expect(parseByteRange(header, 1000)).toBeNull();
  });

  it('finds nothing to send of an empty file', () => {
    expect(parseByteRange('bytes=0-', 0)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=-1', 0)).toBe('unsatisfiable');
  });
});

describe('conditional requests', () => {
  const etag = '"abc123"';

  it('If-None-Match matches the ETag, a weak form of it, one of a list, or *', () => {
    expect(matchesIfNoneMatch('"abc123"', etag)).toBe(true);
    expect(matchesIfNoneMatch('W/"abc123"', etag)).toBe(true);
    expect(matchesIfNoneMatch('"old", "abc123"', etag)).toBe(true);
    expect(matchesIfNoneMatch('*', etag)).toBe(true);
    expect(matchesIfNoneMatch('"old"', etag)).toBe(false);
    expect(matchesIfNoneMatch(undefined, etag)).toBe(false);
  });

  it('If-Range keeps the range only for the same version', () => {
    expect(rangeStillValid(undefined, etag)).toBe(true);
    expect(rangeStillValid('"abc123"', etag)).toBe(true);
    expect(rangeStillValid('"older"', etag)).toBe(false);
  });
});
