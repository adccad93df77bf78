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
  return value === null || value === undefined || typeof value !== 'object' || value instanceof Date
    ? (value as ListValue)
    : String(value);
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
export function sortRows<Row>(
  rows: readonly Row[],
  columns: readonly SortColumn<Row>[],
  sort: SortState | null | undefined,
): Row[] {
  const column = sort && columns.find((candidate) => candidate.columnName === sort.columnName);
  if (!sort || !column) return [...rows];
  const sign = sort.direction === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, value: columnValue(column, row) }))
    .sort((a, b) => {
      const blankA = isBlank(a.value);
      const blankB = isBlank(b.value);
      if (blankA || blankB) return blankA === blankB ? a.index - b.index : blankA ? 1 : -1;
      return sign * compareValues(a.value, b.value) || a.index - b.index;
    })
    .map((entry) => entry.row);
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
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...rows];
  const filterable = columns.filter(isFilterable);
  const haystackOf = searchText
    ? searchText
    : (row: Row) => (filterable.length ? filterable : columns).map((column) => searchable(columnValue(column, row))).join(' ');
  return rows.filter((row) => {
    const haystack = haystackOf(row).toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

/** spec 1 §9 infinite scroll: near the end when less than `distance` viewports of content remain below. */
export function isNearEnd(
  geometry: { scrollOffset: number; viewportSize: number; contentSize: number },
  distance = INFINITE_SCROLL_DISTANCE,
): boolean {
  if (geometry.viewportSize <= 0) return false;
  return geometry.contentSize - (geometry.scrollOffset + geometry.viewportSize) <= geometry.viewportSize * distance;
}
