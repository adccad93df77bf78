import { describe, expect, it } from 'vitest';
import { CURRENT_MATCH_CLASS, MATCH_CLASS, findTextMatches, markMatches, stepMatch } from '../../../src/ui/pdf-search';

const pages = [
  ['Submitting a Service Request', '', 'Type the serial number of the home.'],
  ['Nothing here'],
  ['The SERIAL  number is on the data plate; serial numbers start with the plant letters.'],
];

describe('findTextMatches', () => {
  it('finds every occurrence across pages in reading order, ignoring case', () => {
    expect(findTextMatches(pages, 'serial')).toEqual([
      { pageNumber: 1, itemIndex: 2, start: 9, end: 15 },
      { pageNumber: 3, itemIndex: 0, start: 4, end: 10 },
      { pageNumber: 3, itemIndex: 0, start: 41, end: 47 },
    ]);
  });

  it('matches a phrase whatever white space separates its words', () => {
    expect(findTextMatches(pages, '  serial number ').map((match) => match.pageNumber)).toEqual([1, 3, 3]);
    expect(findTextMatches(pages, 'serial number')[1]).toMatchObject({ start: 4, end: 18 });
  });

  it('treats the query as text, not as a pattern', () => {
    expect(findTextMatches([['a.b axb (c) [d]']], 'a.b')).toEqual([{ pageNumber: 1, itemIndex: 0, start: 0, end: 3 }]);
    expect(findTextMatches([['a.b axb (c) [d]']], '(c)')).toHaveLength(1);
    expect(findTextMatches([['a.b axb (c) [d]']], '[d]')).toHaveLength(1);
  });

  it('finds nothing for an empty query or absent text', () => {
    expect(findTextMatches(pages, '   ')).toEqual([]);
    expect(findTextMatches(pages, 'warranty card')).toEqual([]);
    expect(findTextMatches([], 'serial')).toEqual([]);
  });
});

describe('markMatches', () => {
  it('marks the matches of an item, the current one with its own class, and escapes the text', () => {
    const text = 'Use <b> & serial, serial';
    const matches = findTextMatches([[text]], 'serial');
    expect(markMatches(text, matches, matches[1])).toBe(
      `Use &lt;b&gt; &amp; <mark class="${MATCH_CLASS}">serial</mark>, <mark class="${MATCH_CLASS} ${CURRENT_MATCH_CLASS}">serial</mark>`,
    );
  });

  it('leaves an item without matches as escaped text', () => {
    expect(markMatches(`"quotes" & 'apostrophes'`, [], undefined)).toBe('&quot;quotes&quot; &amp; &#39;apostrophes&#39;');
  });
});

describe('stepMatch', () => {
  it('moves forward and back, wrapping around', () => {
    expect(stepMatch(0, 3, 1)).toBe(1);
    expect(stepMatch(2, 3, 1)).toBe(0);
    expect(stepMatch(0, 3, -1)).toBe(2);
    expect(stepMatch(-1, 3, 1)).toBe(0);
    expect(stepMatch(-1, 3, -1)).toBe(2);
    expect(stepMatch(-1, 0, 1)).toBe(-1);
  });
});
