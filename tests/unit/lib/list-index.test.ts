import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { columnValue, compareValues, createListIndex, type ListValue, type SortColumn, type SortState } from '../../../src/lib/list';

/* The list index (lib/list.ts) against the plain definition it replaced: filter by every word, then a stable sort, blanks last. */

interface Row {
  id: number;
  name: string;
  city: string | null;
  count: number | null;
}

const columns: SortColumn<Row>[] = [
  { columnName: 'name', displayName: 'Name', filterable: true },
  { columnName: 'city', displayName: 'City', filterable: true },
  { columnName: 'count', displayName: 'Count' },
  { columnName: 'label', displayName: 'Label', value: (row) => `${row.name}-${row.count ?? ''}` },
];

const isBlank = (value: ListValue) => value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

function reference(rows: Row[], search: string, sort: SortState | null): Row[] {
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const matching = rows.filter((row) => {
    const text = [row.name, row.city ?? ''].join(' ').toLowerCase();
    return words.every((word) => text.includes(word));
  });
  const column = sort && columns.find((candidate) => candidate.columnName === sort.columnName);
  if (!sort || !column) return matching;
  const sign = sort.direction === 'asc' ? 1 : -1;
  return matching
    .map((row, index) => ({ row, index, value: columnValue(column, row) }))
    .sort((a, b) => {
      const blankA = isBlank(a.value);
      const blankB = isBlank(b.value);
      if (blankA || blankB) return blankA === blankB ? a.index - b.index : blankA ? 1 : -1;
      return sign * compareValues(a.value, b.value) || a.index - b.index;
    })
    .map((entry) => entry.row);
}

const word = fc.constantFrom('Oak', 'oak', 'Pine', 'pine ridge', 'item 9', 'item 10', 'Élan', 'elan', '', ' ', 'Knoxville', 'knox');
const rowsArbitrary = fc.array(
  fc.record({ name: word, city: fc.option(word, { nil: null }), count: fc.option(fc.integer({ min: -3, max: 3 }), { nil: null }) }),
  { maxLength: 40 },
);

describe('createListIndex', () => {
  it('finds and orders exactly as filtering then sorting does, for any rows, search, sort and page size', () => {
    fc.assert(
      fc.property(
        rowsArbitrary,
        fc.constantFrom('', 'oak', 'OAK pine', 'item 1', 'knox', 'élan', 'zzz'),
        fc.option(
          fc.record({
            columnName: fc.constantFrom('name', 'city', 'count', 'label'),
            direction: fc.constantFrom('asc' as const, 'desc' as const),
          }),
          { nil: null },
        ),
        fc.integer({ min: 0, max: 50 }),
        (drafts, search, sort, limit) => {
          const rows = drafts.map((draft, id) => ({ id, ...draft }));
          const index = createListIndex(rows, columns);
          const expected = reference(rows, search, sort);
          const answer = index.query({ search, sort, limit });
          expect(answer.total).toBe(expected.length);
          expect(answer.rows.map((row) => row.id)).toEqual(expected.slice(0, limit).map((row) => row.id));
        },
      ),
    );
  });

  it('sorts any text as the collator does (punctuation, digits, accents, case)', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'B', 'é', 'E', '1', '9', '0', ' ', '-', '_', '#', 'z', '~', 'Ü'), maxLength: 6 });
    fc.assert(
      fc.property(fc.array(text, { maxLength: 60 }), fc.constantFrom('asc' as const, 'desc' as const), (names, direction) => {
        const rows = names.map((name, id) => ({ id, name, city: null, count: null }));
        const sort = { columnName: 'name', direction };
        const expected = reference(rows, '', sort).map((row) => row.id);
        expect(
          createListIndex(rows, columns)
            .query({ search: '', sort, limit: Infinity })
            .rows.map((row) => row.id),
        ).toEqual(expected);
      }),
    );
  });

  it('answers a run of queries on one index as each alone would: searches, sorts and pages in any order (issue 34 §5)', () => {
    // Short words of few letters, so that the end of one row's text and the start of the next often spell one.
    const word = fc.string({ unit: fc.constantFrom('o', 'a', 'k', 'e', 'n', '1', 'x'), minLength: 1, maxLength: 3 });
    const search = fc.oneof(
      fc.constantFrom('', 'oak', 'OAK oak', 'item 1'),
      fc.array(word, { minLength: 1, maxLength: 3 }).map((words) => words.join(' ')),
    );
    const sort = fc.option(
      fc.record({ columnName: fc.constantFrom('name', 'count'), direction: fc.constantFrom('asc' as const, 'desc' as const) }),
      { nil: null },
    );
    fc.assert(
      fc.property(
        rowsArbitrary,
        fc.array(fc.tuple(search, sort, fc.integer({ min: 0, max: 30 })), { minLength: 1, maxLength: 8 }),
        (drafts, queries) => {
          const rows = drafts.map((draft, id) => ({ id, ...draft }));
          const index = createListIndex(rows, columns);
          for (const [text, order, limit] of queries) {
            const expected = reference(rows, text, order);
            const answer = index.query({ search: text, sort: order, limit });
            expect(answer.total).toBe(expected.length);
            expect(answer.rows.map((row) => row.id)).toEqual(expected.slice(0, limit).map((row) => row.id));
          }
        },
      ),
    );
  });

  it('never matches a word across two rows: each row is its own line', () => {
    const rows: Row[] = [
      { id: 0, name: 'oak', city: 'knox', count: 1 },
      { id: 1, name: 'ville', city: null, count: 2 },
    ];
    const index = createListIndex(rows, columns);
    // Row 0's text ends in 'knox' and row 1's starts with 'ville': 'xv' is in neither.
    expect(index.query({ search: 'xv', sort: null, limit: 10 }).total).toBe(0);
    expect(index.query({ search: 'knox', sort: null, limit: 10 }).rows.map((row) => row.id)).toEqual([0]);
    expect(index.query({ search: 'ville', sort: null, limit: 10 }).rows.map((row) => row.id)).toEqual([1]);
  });

  it('reuses a row’s search text when a new index is made over the same row objects', () => {
    let calls = 0;
    const searchText = (row: Row) => {
      calls += 1;
      return row.name;
    };
    const rows: Row[] = Array.from({ length: 100 }, (_, id) => ({ id, name: `home ${id}`, city: null, count: id }));
    createListIndex(rows, columns, searchText).query({ search: 'home 1', sort: null, limit: 10 });
    expect(calls).toBe(100);
    const changed = [...rows.slice(1), { id: 100, name: 'home 100', city: null, count: 0 }];
    const answer = createListIndex(changed, columns, searchText).query({
      search: 'home 10',
      sort: { columnName: 'count', direction: 'desc' },
      limit: 3,
    });
    expect(calls).toBe(101);
    expect(answer.rows.map((row) => row.id)).toEqual([10, 100]);
  });
});
