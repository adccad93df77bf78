import { describe, expect, it } from 'vitest';
import {
  compareValues,
  filterRows,
  isNearEnd,
  LIST_PAGE_SIZE,
  nextSort,
  SEARCH_DEBOUNCE_MS,
  sortRows,
  type SortColumn,
} from '../../../src/lib/list';

interface Row {
  name: string;
  city: string | null;
  count: number | null;
  since?: Date;
}

const columns: SortColumn<Row>[] = [
  { columnName: 'name', displayName: 'Name', filterable: true },
  { columnName: 'city', displayName: 'City' },
  { columnName: 'count', displayName: 'Count' },
  { columnName: 'since', displayName: 'Since', value: (row) => row.since },
];

const rows: Row[] = [
  { name: 'beta', city: 'Knoxville', count: 10, since: new Date(2020, 0, 1) },
  { name: 'Alpha', city: null, count: 2, since: new Date(2021, 0, 1) },
  { name: 'item 10', city: 'Maryville', count: null },
  { name: 'item 9', city: 'alcoa', count: 2, since: new Date(2019, 0, 1) },
];

describe('list rules (spec 1 §3 Sort column, §9)', () => {
  it('has the spec constants', () => {
    expect(LIST_PAGE_SIZE).toBe(10);
    expect(SEARCH_DEBOUNCE_MS).toBe(500);
  });

  it('sorts case-insensitively and numerically aware, stable, blanks last in both directions', () => {
    const names = (sorted: Row[]) => sorted.map((row) => row.name);
    expect(names(sortRows(rows, columns, { columnName: 'name', direction: 'asc' }))).toEqual(['Alpha', 'beta', 'item 9', 'item 10']);
    expect(names(sortRows(rows, columns, { columnName: 'name', direction: 'desc' }))).toEqual(['item 10', 'item 9', 'beta', 'Alpha']);
    expect(names(sortRows(rows, columns, { columnName: 'city', direction: 'asc' }))).toEqual(['item 9', 'beta', 'item 10', 'Alpha']);
    expect(names(sortRows(rows, columns, { columnName: 'city', direction: 'desc' }))).toEqual(['item 10', 'beta', 'item 9', 'Alpha']);
    expect(names(sortRows(rows, columns, { columnName: 'count', direction: 'asc' }))).toEqual(['Alpha', 'item 9', 'beta', 'item 10']);
    expect(names(sortRows(rows, columns, { columnName: 'since', direction: 'desc' }))).toEqual(['Alpha', 'beta', 'item 9', 'item 10']);
    expect(sortRows(rows, columns, null)).toEqual(rows);
    expect(compareValues(2, 10)).toBeLessThan(0);
  });

  it('filters by every word in the filterable columns, or in searchText', () => {
    expect(filterRows(rows, columns, 'item').map((row) => row.name)).toEqual(['item 10', 'item 9']);
    expect(filterRows(rows, columns, 'ITEM 9').map((row) => row.name)).toEqual(['item 9']);
    expect(filterRows(rows, columns, 'knoxville')).toEqual([]);
    expect(filterRows(rows, columns, 'knoxville', (row) => `${row.name} ${row.city ?? ''}`).map((row) => row.name)).toEqual(['beta']);
    expect(filterRows(rows, columns, '   ')).toEqual(rows);
    const noneFilterable = columns.map((column) => ({ ...column, filterable: false }));
    expect(filterRows(rows, noneFilterable, 'alcoa').map((row) => row.name)).toEqual(['item 9']);
  });

  it('a header click sorts a new column ascending and flips the sorted one', () => {
    expect(nextSort(null, 'name')).toEqual({ columnName: 'name', direction: 'asc' });
    expect(nextSort({ columnName: 'name', direction: 'asc' }, 'name')).toEqual({ columnName: 'name', direction: 'desc' });
    expect(nextSort({ columnName: 'name', direction: 'desc' }, 'name')).toEqual({ columnName: 'name', direction: 'asc' });
    expect(nextSort({ columnName: 'name', direction: 'desc' }, 'city')).toEqual({ columnName: 'city', direction: 'asc' });
  });

  it('is near the end within one viewport of it (infinite scroll distance 1)', () => {
    expect(isNearEnd({ scrollOffset: 0, viewportSize: 400, contentSize: 800 })).toBe(true);
    expect(isNearEnd({ scrollOffset: 0, viewportSize: 400, contentSize: 801 })).toBe(false);
    expect(isNearEnd({ scrollOffset: 1, viewportSize: 400, contentSize: 801 })).toBe(true);
    expect(isNearEnd({ scrollOffset: 0, viewportSize: 0, contentSize: 0 })).toBe(false);
  });
});
