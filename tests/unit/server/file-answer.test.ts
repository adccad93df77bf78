import { describe, expect, it } from 'vitest';
import { ifNoneMatchHits, ifRangeAllowsPart, parseIfNoneMatch } from '../../../src/server/http/conditional';
import { parseByteRange } from '../../../src/server/http/file-answer';

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

describe('If-None-Match (RFC 9110 §13.1.2)', () => {
  it('reads *, one tag, or a list of weak and strong tags', () => {
    expect(parseIfNoneMatch('*')).toBe('*');
    expect(parseIfNoneMatch(' * ')).toBe('*');
    expect(parseIfNoneMatch('"abc"')).toEqual([{ weak: false, opaque: 'abc' }]);
    expect(parseIfNoneMatch('W/"abc"')).toEqual([{ weak: true, opaque: 'abc' }]);
    expect(parseIfNoneMatch('"a", W/"b",\t"c"')).toEqual([
      { weak: false, opaque: 'a' },
      { weak: true, opaque: 'b' },
      { weak: false, opaque: 'c' },
    ]);
    expect(parseIfNoneMatch('""')).toEqual([{ weak: false, opaque: '' }]);
  });

  it('keeps a comma inside a quoted tag, and accepts empty list elements', () => {
    expect(parseIfNoneMatch('"a,b", "c"')).toEqual([
      { weak: false, opaque: 'a,b' },
      { weak: false, opaque: 'c' },
    ]);
    expect(parseIfNoneMatch(', "a" ,, "b",')).toEqual([
      { weak: false, opaque: 'a' },
      { weak: false, opaque: 'b' },
    ]);
  });

  it.each([undefined, '', 'abc', '"unclosed', 'w/"lower-case weak"', '"a" "b"', '"a", *', '"a"b', 'W/ "a"', '"bad"quote"'])(
    '%j names no tag',
    (header) => {
      expect(parseIfNoneMatch(header)).toEqual([]);
    },
  );

  it('matches the current ETag by the weak comparison: weak or strong, alone or in a list, or *', () => {
    const etag = '"abc123"';
    expect(ifNoneMatchHits('"abc123"', etag)).toBe(true);
    expect(ifNoneMatchHits('W/"abc123"', etag)).toBe(true);
    expect(ifNoneMatchHits('"old", "abc123"', etag)).toBe(true);
    expect(ifNoneMatchHits('W/"old", W/"abc123"', etag)).toBe(true);
    expect(ifNoneMatchHits('*', etag)).toBe(true);
    expect(ifNoneMatchHits('W/"abc123"', 'W/"abc123"')).toBe(true);
    expect(ifNoneMatchHits('"abc123"', 'W/"abc123"')).toBe(true);
    expect(ifNoneMatchHits('"old"', etag)).toBe(false);
    expect(ifNoneMatchHits('"abc12"', etag)).toBe(false);
    expect(ifNoneMatchHits('abc123', etag)).toBe(false);
    expect(ifNoneMatchHits(undefined, etag)).toBe(false);
  });

  it('If-Range keeps the range only for the same version, by the strong comparison', () => {
    const etag = '"abc123"';
    expect(ifRangeAllowsPart(undefined, etag)).toBe(true);
    expect(ifRangeAllowsPart('"abc123"', etag)).toBe(true);
    expect(ifRangeAllowsPart('W/"abc123"', etag)).toBe(false);
    expect(ifRangeAllowsPart('"older"', etag)).toBe(false);
  });
});
