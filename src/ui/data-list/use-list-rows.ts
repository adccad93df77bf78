import { useEffect, useMemo } from 'react';
import { createListIndex, type SortState } from '../../lib/list';
import type { DataListProps } from './types';

/**
 * The rows to show in either mode. Memory: the list searches and sorts the rows itself, `shownCount` at a time.
 * Server: the rows are what the server answered for the search and sort; whether it has more is its say.
 */
export function useListRows<Row>(props: DataListProps<Row>, view: { search: string; sort: SortState | null; shownCount: number }) {
  const { search, sort, shownCount } = view;
  const memory = props.mode !== 'server' ? props : null;
  const server = props.mode === 'server' ? props : null;
  const memoryRows = memory?.rows;
  const searchText = memory?.searchText;
  const columns = props.columns;
  const index = useMemo(() => (memoryRows ? createListIndex(memoryRows, columns, searchText) : null), [memoryRows, columns, searchText]);
  const matching = useMemo(() => index?.query({ search, sort, limit: shownCount }), [index, search, sort, shownCount]);
  // The first search over a big list should not pay for making every row's search text: do it while idle.
  useEffect(() => {
    if (!index) return;
    const timer = setTimeout(() => index.prepare(sort), 0);
    return () => clearTimeout(timer);
  }, [index, sort]);
  return {
    rows: matching ? matching.rows : (server?.rows ?? []),
    knownTotal: matching ? matching.total : server?.total,
    canGrow: matching ? shownCount < matching.total : Boolean(server?.hasMore),
    loadingMore: server?.loadingMore ?? false,
    /** The server's next page; undefined in memory mode (the list shows more of its own rows). */
    loadMore: server?.onLoadMore,
  };
}

/** Whether the search box shows: as the props say, else when the screen names or follows the search, or (memory) a column can be searched. */
export function showsSearch<Row>(props: DataListProps<Row>): boolean {
  return (
    props.showSearch ??
    (props.searchLabel !== undefined ||
      props.onSearchChange !== undefined ||
      (props.mode !== 'server' && (props.searchText !== undefined || props.columns.some((column) => column.filterable))))
  );
}
