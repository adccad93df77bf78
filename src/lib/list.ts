/** spec 1 §9: lists show 10 rows and grow by 10; search waits 500 ms; infinite scroll distance 1 (one viewport). */
export const LIST_PAGE_SIZE = 10;
export const SEARCH_DEBOUNCE_MS = 500;
export const INFINITE_SCROLL_DISTANCE = 1;
/** spec 1 §9: the most records one list call asks for. */
export const MAX_RECORD_COUNT = 100;

export type ListValue = string | number | boolean | Date | null | undefined;

/** spec 1 §3 Sort column: columnName, displayName, sortable (default true), filterable (default false). */
export interface SortColumn<Row> {
  columnName: string;
  displayName: string;
  sortable?: boolean;
  filterable?: boolean;
  /** What the column sorts and searches by; the row's `columnName` property unless given. */
  value?: (row: Row) => ListValue;
}

export type SortDirection = 'asc' | 'desc';

export interface SortState {
  columnName: string;
  direction: SortDirection;
}

export const isSortable = (column: Pick<SortColumn<unknown>, 'sortable'>) => column.sortable ?? true;
export const isFilterable = (column: Pick<SortColumn<unknown>, 'filterable'>) => column.filterable ?? false;

export function columnValue<Row>(column: SortColumn<Row>, row: Row): ListValue {
  if (column.value) return column.value(row);
  const value = (row as Record<string, unknown>)[column.columnName];
  return value === null || value === undefined || typeof value !== 'object' || value instanceof Date ? (value as ListValue) : String(value);
}

/** A header click: a new column sorts ascending, the sorted column flips. */
export function nextSort(current: SortState | null | undefined, columnName: string): SortState {
  if (current?.columnName === columnName) return { columnName, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { columnName, direction: 'asc' };
}

const isBlank = (value: ListValue) => value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

const comparable = (value: ListValue): number | string => {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value as number | string;
};

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/** Ascending order of two values; blanks sort last in either direction (see sortRows). */
export function compareValues(a: ListValue, b: ListValue): number {
  const left = comparable(a);
  const right = comparable(b);
  if (typeof left === 'number' && typeof right === 'number') return left - right;
  return collator.compare(String(left), String(right));
}

/** A sorted copy; equal rows keep their order, blank values go to the end whichever the direction. */
export function sortRows<Row>(rows: readonly Row[], columns: readonly SortColumn<Row>[], sort: SortState | null | undefined): Row[] {
  return createListIndex(rows, columns).query({ search: '', sort, limit: Infinity }).rows;
}

const searchable = (value: ListValue) => (value instanceof Date ? value.toISOString() : isBlank(value) ? '' : String(value));

/**
 * Rows that contain every word of the search, case-insensitively, in the caller's `searchText` when given, else in
 * the filterable columns, else in every column (so that a search box never silently does nothing).
 */
export function filterRows<Row>(
  rows: readonly Row[],
  columns: readonly SortColumn<Row>[],
  search: string,
  searchText?: (row: Row) => string,
): Row[] {
  return createListIndex(rows, columns, searchText).query({ search, sort: null, limit: Infinity }).rows;
}

export interface ListQuery {
  search: string;
  sort: SortState | null | undefined;
  /** How many of the matching rows to return (in order); `total` counts them all. */
  limit: number;
}

export interface ListIndex<Row> {
  query: (query: ListQuery) => { rows: Row[]; total: number };
  /** Does now the work the first search and sort would do (for idle time after the rows arrive). */
  prepare: (sort?: SortState | null) => void;
}

/**
 * A key whose plain order is the collator's for ordinary text (lower case, accents dropped, digit runs padded so
 * that 9 comes before 10): comparing 50,000 serial numbers through Intl.Collator takes half a second, these a tenth.
 */
function roughKey(value: string): string {
  let text = value.toLowerCase();
  if (/[^\x00-\x7f]/.test(text)) text = text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  return text.replace(/\d+/g, (digits) => digits.padStart(20, '0'));
}

/** Distinct values in compareValues order: by rough keys, checked pair by pair, with the collator itself where they disagree. */
function sortDistinct(values: (number | string)[]): (number | string)[] {
  if (values.every((value) => typeof value === 'number')) return (values as number[]).sort((a, b) => a - b);
  if (values.every((value) => typeof value === 'string')) {
    const keyed = (values as string[]).map((value) => ({ value, key: roughKey(value) }));
    keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const sorted = keyed.map((entry) => entry.value);
    if (sorted.every((value, index) => index === 0 || compareValues(sorted[index - 1], value) <= 0)) return sorted;
  }
  return values.sort((a, b) => compareValues(a, b));
}

/** Lower-cased search text by row object and text function: a list rebuilt around the same rows does not redo it. */
const haystackCache = new WeakMap<object, WeakMap<object, string>>();

/**
 * Search, sort and page over rows held in memory, fast enough for 50,000 rows on each keystroke (issue 10):
 * a row's search text is made once (and kept per row object), and each column's order once, as ranks of its
 * distinct values (so the collator compares distinct values, not every pair of rows) in a typed array. A search
 * looks for each word with indexOf in all rows' text at once, then walks that order once, keeping the matches;
 * a query for more of the same matches (the list growing as it scrolls) takes them from there (issue 34 §5).
 * Same rules as before: every word must occur; equal values keep the rows' order; blanks last in either direction.
 */
export function createListIndex<Row>(
  rows: readonly Row[],
  columns: readonly SortColumn<Row>[],
  searchText?: (row: Row) => string,
): ListIndex<Row> {
  const filterable = columns.filter(isFilterable);
  const textOf =
    searchText ??
    ((row: Row) => (filterable.length ? filterable : columns).map((column) => searchable(columnValue(column, row))).join(' '));
  const cacheKey: object = searchText ?? columns;
  let cache = haystackCache.get(cacheKey);
  if (!cache) haystackCache.set(cacheKey, (cache = new WeakMap()));
  let haystack: { text: string; starts: Uint32Array } | undefined;
  const orders = new Map<string, Uint32Array>();
  /** The matches of the last search and sort, in order: showing more of them (infinite scroll) does not search again. */
  let last: { key: string; matches: Uint32Array } | undefined;

  /**
   * Every row's search text in one string, a line each, and where each row's line starts: a word is looked for with
   * indexOf across all rows at once rather than row by row (a line break never occurs inside a word of a search).
   */
  function haystackOf() {
    if (haystack) return haystack;
    const starts = new Uint32Array(rows.length + 1);
    const texts = rows.map((row, index) => {
      let text: string | undefined;
      if (typeof row !== 'object' || row === null) text = textOf(row).toLowerCase();
      else {
        text = cache!.get(row);
        if (text === undefined) cache!.set(row, (text = textOf(row).toLowerCase()));
      }
      starts[index + 1] = starts[index]! + text.length + 1;
      return text;
    });
    haystack = { text: texts.join('\n'), starts };
    return haystack;
  }

  /** How many of `words` each row contains (one count per word however often it occurs). */
  function wordsFound(words: string[]): Uint32Array {
    const { text, starts } = haystackOf();
    const found = new Uint32Array(rows.length);
    for (const word of words) {
      let row = 0;
      let at = text.indexOf(word);
      while (at !== -1) {
        while (starts[row + 1]! <= at) row += 1;
        found[row]! += 1;
        // The rest of this row's line counts no more: go on from the next row's.
        at = row + 1 < rows.length ? text.indexOf(word, starts[row + 1]) : -1;
      }
    }
    return found;
  }

  /** Row indexes in the column's order for `direction`, blanks (in row order) at the end. */
  function orderOf(column: SortColumn<Row>, direction: SortDirection): Uint32Array {
    const key = `${column.columnName}:${direction}`;
    const known = orders.get(key);
    if (known) return known;
    const values = rows.map((row) => columnValue(column, row));
    const distinct = new Map<number | string, number>();
    for (const value of values) if (!isBlank(value)) distinct.set(comparable(value), 0);
    const sorted = sortDistinct([...distinct.keys()]);
    let rank = 0;
    sorted.forEach((value, position) => {
      if (position > 0 && compareValues(sorted[position - 1], value) !== 0) rank += 1;
      distinct.set(value, rank);
    });
    const sign = direction === 'asc' ? 1 : -1;
    const ranks = new Float64Array(rows.length);
    const filled: number[] = [];
    const blanks: number[] = [];
    values.forEach((value, index) => {
      if (isBlank(value)) blanks.push(index);
      else {
        ranks[index] = sign * distinct.get(comparable(value))!;
        filled.push(index);
      }
    });
    filled.sort((a, b) => ranks[a]! - ranks[b]! || a - b);
    const order = Uint32Array.from([...filled, ...blanks]);
    orders.set(key, order);
    return order;
  }

  /** The indexes of the rows matching every word, in the sort's order. */
  function matchesOf(words: string[], column: SortColumn<Row> | undefined, sort: SortState | null | undefined): Uint32Array {
    // Words repeated count once each: a row matches when it contains each distinct word.
    const distinct = [...new Set(words)];
    const key = `${column && sort ? `${column.columnName}:${sort.direction}` : ''}\n${distinct.join(' ')}`;
    if (last?.key === key) return last.matches;
    const order = sort && column ? orderOf(column, sort.direction) : undefined;
    const found = distinct.length > 0 ? wordsFound(distinct) : undefined;
    const matches = new Uint32Array(rows.length);
    let total = 0;
    for (let position = 0; position < rows.length; position += 1) {
      const index = order ? order[position]! : position;
      if (found && found[index] !== distinct.length) continue;
      matches[total] = index;
      total += 1;
    }
    last = { key, matches: matches.subarray(0, total) };
    return last.matches;
  }

  function query({ search, sort, limit }: ListQuery) {
    const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
    const column = sort ? columns.find((candidate) => candidate.columnName === sort.columnName) : undefined;
    const matches = matchesOf(words, column, sort);
    const shown = Math.min(limit, matches.length);
    const found: Row[] = new Array<Row>(shown);
    for (let position = 0; position < shown; position += 1) found[position] = rows[matches[position]!]!;
    return { rows: found, total: matches.length };
  }

  return {
    query,
    prepare(sort) {
      haystackOf();
      const column = sort ? columns.find((candidate) => candidate.columnName === sort.columnName) : undefined;
      if (sort && column) orderOf(column, sort.direction);
    },
  };
}

/** spec 1 §9 infinite scroll: near the end when less than `distance` viewports of content remain below. */
export function isNearEnd(
  geometry: { scrollOffset: number; viewportSize: number; contentSize: number },
  distance = INFINITE_SCROLL_DISTANCE,
): boolean {
  if (geometry.viewportSize <= 0) return false;
  return geometry.contentSize - (geometry.scrollOffset + geometry.viewportSize) <= geometry.viewportSize * distance;
}
