import type { ReactNode } from 'react';
import type { SortColumn, SortState } from '../../lib/list';
import type { FoldableColumn } from './column-fold';

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
