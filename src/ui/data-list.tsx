import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { formatDate } from '../lib/dates';
import {
  columnValue,
  createListIndex,
  isNearEnd,
  isSortable,
  LIST_PAGE_SIZE,
  nextSort,
  SEARCH_DEBOUNCE_MS,
  type ListValue,
  type SortColumn,
  type SortState,
} from '../lib/list';
import { DEFAULT_TRACK, leastWidthProperties, useColumnFold, type FoldableColumn } from './column-fold';
import { useMediaQuery } from './use-media-query';

export interface DataListColumn<Row> extends SortColumn<Row>, FoldableColumn {
  /** The cell; the column's value as text (dates MM/DD/YYYY, booleans Yes/No) unless given. */
  render?: (row: Row) => ReactNode;
  /** A CSS grid track, e.g. '12rem' or 'minmax(0, 2fr)'; 'minmax(0, 1fr)' unless given. */
  width?: string;
}

interface DataListCommonProps<Row> {
  /** The accessible name of the table (e.g. 'Users'). */
  label: string;
  columns: readonly DataListColumn<Row>[];
  rowKey: (row: Row) => string | number;
  loading?: boolean;
  emptyMessage?: ReactNode;
  onRowClick?: (row: Row) => void;
  /** Controls after the search box (a 'Show Inactive Users' toggle, an 'Add User' button). */
  toolbar?: ReactNode;
  /** Whether the search box shows; by default when searchLabel or onSearchChange is given, or (memory) a column is filterable or searchText is given. */
  showSearch?: boolean;
  searchLabel?: string;
  searchPlaceholder?: string;
  /** The (debounced) search: controlled when given, else kept inside. */
  search?: string;
  onSearchChange?: (search: string) => void;
  /** The sort: controlled when given (null = unsorted), else kept inside starting at defaultSort. */
  sort?: SortState | null;
  defaultSort?: SortState;
  onSortChange?: (sort: SortState) => void;
  rowClassName?: (row: Row) => string | undefined;
  /** Height of a row before it is measured; rows may be taller (they are measured). */
  estimateRowHeight?: number;
  className?: string;
  /**
   * Rows as cards of labelled values (above phone widths, where every list is cards anyway): always (true), or
   * while the media query matches (e.g. '(max-width: 75rem)' for a list whose columns fit only a wide window).
   */
  cards?: true | string;
}

/** In-memory data: the list searches, sorts and shows 10 more rows each time the end comes near (spec 1 §9). */
export interface MemoryDataListProps<Row> extends DataListCommonProps<Row> {
  mode?: 'memory';
  rows: readonly Row[];
  /** The text a row is searched by; filterable columns (or all columns) unless given. */
  searchText?: (row: Row) => string;
}

/** Server-paged data: `rows` are what the server gave for the current search and sort; near the end `onLoadMore` asks for more. */
export interface ServerDataListProps<Row> extends DataListCommonProps<Row> {
  mode: 'server';
  rows: readonly Row[];
  hasMore: boolean;
  onLoadMore: () => void;
  loadingMore?: boolean;
  /** The number of rows the server has in all, when it says. */
  total?: number;
}

export type DataListProps<Row> = MemoryDataListProps<Row> | ServerDataListProps<Row>;

function defaultCell(value: ListValue): ReactNode {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return formatDate(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

/** Whether a cell's (or a header's) text does not fit and is cut with an ellipsis. */
function isTruncated(element: HTMLElement): boolean {
  return [element, ...element.querySelectorAll<HTMLElement>('*')].some((node) => node.scrollWidth > node.clientWidth + 1 && node.clientWidth > 0);
}

/** Cut cells and headers show their whole text as a tooltip; a title the cell's content gives itself is left alone. */
function titleTruncated(container: HTMLElement) {
  for (const element of container.querySelectorAll<HTMLElement>('.data-list__cell, .data-list__header-label')) {
    if (isTruncated(element)) {
      element.title = (element.textContent ?? '').trim();
      element.dataset.truncated = '';
    } else if (element.dataset.truncated !== undefined) {
      element.removeAttribute('title');
      delete element.dataset.truncated;
    }
  }
}

/** Where every list lays its rows out as cards of labelled values (the phone block of ui-kit.css). */
const PHONE_QUERY = '(max-width: 40rem)';

const INTERACTIVE =
  'a, button, input, select, textarea, label, [role="button"], [role="link"], [role="checkbox"], [role="switch"]';

/** Keeps the text the user types and hands it on after SEARCH_DEBOUNCE_MS without typing (spec 1 §9). */
function useDebouncedSearch(applied: string, apply: (value: string) => void) {
  const [text, setText] = useState(applied);
  const pending = useRef(false);
  const applyRef = useRef(apply);
  applyRef.current = apply;
  useEffect(() => {
    if (!pending.current) return;
    const timer = setTimeout(() => {
      pending.current = false;
      applyRef.current(text.trim());
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  // A search set from outside (a reset, the URL) shows in the box unless the user is typing.
  useEffect(() => {
    if (!pending.current) setText(applied);
  }, [applied]);
  return [
    text,
    (value: string) => {
      pending.current = true;
      setText(value);
    },
  ] as const;
}

/**
 * A virtualized, infinitely scrolling, searchable and sortable list (spec 1 §2, §3 Sort column, §9). Only the rows
 * near the viewport are in the DOM, so 10,000 rows scroll as smoothly as 10. Rows are one tab stop: arrows, Home
 * and End move between them, Enter or Space opens one.
 */
export function DataList<Row>(props: DataListProps<Row>) {
  const { label, columns, rowKey, loading = false, emptyMessage = 'No records found.', onRowClick, toolbar } = props;
  const id = useId();
  // A query that never matches stands in for "not by query", so that the hook is always called.
  const cardsQuery = useMediaQuery(typeof props.cards === 'string' ? props.cards : 'not all');
  const asCards = props.cards === true || cardsQuery;
  // Phones (ui-kit.css) and cards show every column as a labelled line already: nothing folds there.
  const phone = useMediaQuery(PHONE_QUERY);

  const [innerSearch, setInnerSearch] = useState('');
  const search = props.search ?? innerSearch;
  const [innerSort, setInnerSort] = useState<SortState | null>(props.defaultSort ?? null);
  const sort = props.sort !== undefined ? props.sort : innerSort;
  const [shownCount, setShownCount] = useState(LIST_PAGE_SIZE);

  const scrollRef = useRef<HTMLDivElement>(null);
  const resetView = () => {
    setShownCount(LIST_PAGE_SIZE);
    scrollRef.current?.scrollTo?.({ top: 0 });
  };

  const applySearch = (value: string) => {
    if (value === search) return;
    resetView();
    if (props.search === undefined) setInnerSearch(value);
    props.onSearchChange?.(value);
  };
  const [searchBoxText, setSearchBoxText] = useDebouncedSearch(search, applySearch);

  const changeSort = (columnName: string) => {
    const next = nextSort(sort, columnName);
    resetView();
    if (props.sort === undefined) setInnerSort(next);
    props.onSortChange?.(next);
  };

  const memory = props.mode !== 'server' ? props : null;
  const server = props.mode === 'server' ? props : null;
  const memoryRows = memory?.rows;
  const searchText = memory?.searchText;
  const index = useMemo(() => (memoryRows ? createListIndex(memoryRows, columns, searchText) : null), [memoryRows, columns, searchText]);
  const matching = useMemo(() => index?.query({ search, sort, limit: shownCount }), [index, search, sort, shownCount]);
  // The first search over a big list should not pay for making every row's search text: do it while idle.
  useEffect(() => {
    if (!index) return;
    const timer = setTimeout(() => index.prepare(sort), 0);
    return () => clearTimeout(timer);
  }, [index, sort]);
  const rows = matching ? matching.rows : (server?.rows ?? []);
  const knownTotal = matching ? matching.total : server?.total;
  const canGrow = matching ? shownCount < matching.total : Boolean(server?.hasMore);

  const showSearch =
    props.showSearch ??
    (props.searchLabel !== undefined ||
      props.onSearchChange !== undefined ||
      (memory !== null && (memory.searchText !== undefined || columns.some((column) => column.filterable))));

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => props.estimateRowHeight ?? 56,
    getItemKey: (index) => rowKey(rows[index] as Row),
    overscan: 5,
  });
  const virtualRows = virtualizer.getVirtualItems();
  const contentSize = virtualizer.getTotalSize();
  const scrollOffset = virtualizer.scrollOffset ?? 0;
  const viewportSize = virtualizer.scrollRect?.height ?? 0;

  const loadingMore = server?.loadingMore ?? false;
  const onLoadMore = server?.onLoadMore;
  useEffect(() => {
    if (loading || loadingMore || !canGrow || !isNearEnd({ scrollOffset, viewportSize, contentSize })) return;
    if (onLoadMore) onLoadMore();
    else setShownCount((count) => count + LIST_PAGE_SIZE);
  }, [loading, loadingMore, canGrow, scrollOffset, viewportSize, contentSize, onLoadMore]);

  const [activeIndex, setActiveIndex] = useState(0);
  const focusRequest = useRef<number | null>(null);
  const focusedIndex = Math.min(activeIndex, Math.max(rows.length - 1, 0));

  useEffect(() => {
    const index = focusRequest.current;
    if (index === null) return;
    const element = scrollRef.current?.querySelector<HTMLElement>(`[data-index="${index}"]`);
    if (element) {
      focusRequest.current = null;
      element.focus({ preventScroll: true });
    }
  });

  const moveTo = (index: number) => {
    const target = Math.max(0, Math.min(index, rows.length - 1));
    setActiveIndex(target);
    focusRequest.current = target;
    virtualizer.scrollToIndex(target, { align: 'auto' });
  };

  const onRowKeyDown = (event: KeyboardEvent<HTMLDivElement>, index: number, row: Row) => {
    if (event.target !== event.currentTarget) return;
    const page = Math.max(1, Math.floor(viewportSize / (props.estimateRowHeight ?? 56)));
    const moves: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowUp: index - 1,
      Home: 0,
      End: rows.length - 1,
      PageDown: index + page,
      PageUp: index - page,
    };
    const to = moves[event.key];
    if (to !== undefined) {
      event.preventDefault();
      moveTo(to);
    } else if ((event.key === 'Enter' || event.key === ' ') && onRowClick) {
      event.preventDefault();
      onRowClick(row);
    }
  };

  const onRowClickEvent = (event: MouseEvent<HTMLDivElement>, index: number, row: Row) => {
    setActiveIndex(index);
    const interactive = (event.target as Element).closest(INTERACTIVE);
    if (interactive && interactive !== event.currentTarget && event.currentTarget.contains(interactive)) return;
    onRowClick?.(row);
  };

  const tableRef = useRef<HTMLDivElement>(null);
  const { shown, folded } = useColumnFold(columns, tableRef, !asCards && !phone);
  const tracks = shown.map((column) => column.width ?? DEFAULT_TRACK);
  const gridTemplateColumns = tracks.join(' ');
  // The shown columns' least widths: narrower than this (when nothing more can fold), the table scrolls sideways.
  const tableStyle = leastWidthProperties(tracks) as CSSProperties;

  const header = (column: DataListColumn<Row>) => {
    const sorted = sort?.columnName === column.columnName ? sort.direction : null;
    return (
      <div
        key={column.columnName}
        role="columnheader"
        className="data-list__header"
        aria-sort={sorted ? (sorted === 'asc' ? 'ascending' : 'descending') : undefined}
      >
        {isSortable(column) ? (
          <button type="button" className="data-list__sort" onClick={() => changeSort(column.columnName)}>
            <span className="data-list__header-label">{column.displayName}</span>
            <span className={`data-list__sort-icon data-list__sort-icon--${sorted ?? 'none'}`} aria-hidden="true" />
          </button>
        ) : (
          <span className="data-list__header-label">{column.displayName}</span>
        )}
      </div>
    );
  };
  const cell = (column: DataListColumn<Row>, row: Row) => (
    <div key={column.columnName} role="cell" className="data-list__cell" data-label={column.displayName}>
      {column.render ? column.render(row) : defaultCell(columnValue(column, row))}
    </div>
  );

  // After every render (rows scrolled in, data changed) and when the table is resized, mark what no longer fits.
  useLayoutEffect(() => {
    if (tableRef.current) titleTruncated(tableRef.current);
  });
  useEffect(() => {
    const table = tableRef.current;
    if (!table || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => titleTruncated(table));
    observer.observe(table);
    return () => observer.disconnect();
  }, []);
  const empty = !loading && rows.length === 0;
  const countText =
    loading || empty ? '' : knownTotal !== undefined ? `Showing ${rows.length} of ${knownTotal}` : `Showing ${rows.length}`;

  return (
    <div className={`data-list${asCards ? ' data-list--cards' : ''}${props.className ? ` ${props.className}` : ''}`}>
      {(showSearch || toolbar) && (
        <div className="data-list__toolbar">
          {showSearch && (
            <div className="data-list__search">
              <label className="visually-hidden" htmlFor={`${id}-search`}>
                {props.searchLabel ?? `Search ${label}`}
              </label>
              <input
                id={`${id}-search`}
                className="field__input data-list__search-input"
                type="search"
                value={searchBoxText}
                placeholder={props.searchPlaceholder ?? 'Search'}
                aria-controls={`${id}-table`}
                onChange={(event) => setSearchBoxText(event.target.value)}
              />
            </div>
          )}
          {toolbar}
        </div>
      )}
      <div
        id={`${id}-table`}
        role="table"
        aria-label={label}
        aria-rowcount={knownTotal !== undefined ? knownTotal + 1 : -1}
        aria-busy={loading || loadingMore || undefined}
        className="data-list__table"
        ref={tableRef}
        style={tableStyle}
      >
        <div role="rowgroup" className="data-list__head">
          <div role="row" aria-rowindex={1} className="data-list__row data-list__row--head" style={{ gridTemplateColumns }}>
            {shown.map(header)}
            {folded.length > 0 && <div className="data-list__fold">{folded.map(header)}</div>}
          </div>
        </div>
        <div ref={scrollRef} className="data-list__viewport">
          <div role="rowgroup" className="data-list__body" style={{ height: contentSize }}>
            {virtualRows.map((virtualRow) => {
              const row = rows[virtualRow.index] as Row;
              const extraClass = props.rowClassName?.(row);
              return (
                <div
                  key={virtualRow.key}
                  ref={virtualizer.measureElement}
                  data-index={virtualRow.index}
                  role="row"
                  aria-rowindex={virtualRow.index + 2}
                  tabIndex={virtualRow.index === focusedIndex ? 0 : -1}
                  className={`data-list__row${onRowClick ? ' data-list__row--clickable' : ''}${extraClass ? ` ${extraClass}` : ''}`}
                  style={{ gridTemplateColumns, transform: `translateY(${virtualRow.start}px)` }}
                  onClick={(event) => onRowClickEvent(event, virtualRow.index, row)}
                  onKeyDown={(event) => onRowKeyDown(event, virtualRow.index, row)}
                  onFocus={(event) => event.target === event.currentTarget && setActiveIndex(virtualRow.index)}
                >
                  {shown.map((column) => cell(column, row))}
                  {folded.length > 0 && <div className="data-list__fold">{folded.map((column) => cell(column, row))}</div>}
                </div>
              );
            })}
          </div>
        </div>
      </div>
      {loading && rows.length === 0 && (
        <div className="data-list__state" role="status">
          <span className="data-list__spinner" aria-hidden="true" />
          Loading...
        </div>
      )}
      {empty && (
        <div className="data-list__state" role="status">
          {emptyMessage}
        </div>
      )}
      {loadingMore && (
        <div className="data-list__more" role="status">
          <span className="data-list__spinner" aria-hidden="true" />
          Loading more...
        </div>
      )}
      <p className="data-list__count" aria-live="polite">
        {countText}
      </p>
    </div>
  );
}
