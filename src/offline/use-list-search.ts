import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type * as v from 'valibot';
import { MAX_SEARCH_PAGE, sortParam, type Endpoint, type SearchPage } from '../contract';
import { request } from '../lib/http';
import type { SortState } from '../lib/list';
import { NOT_PERSISTED } from './cached-read';
import { isTempId } from './temp-ids';

/*
 * A kept list searched on the server (issue 31 §3, contract/list-search.ts): what the device does not keep (closed
 * records older than the kept-list rule, another plant's) is found here, online only. A screen whose user sees more
 * on the server than the device keeps switches its data list to server mode; kept rows show until the first page
 * comes, and a row found there that is not kept says so.
 */

/** A list the server searches: its GET, the search page's schema, and the query key its feature keeps it under. */
export interface SearchableList<Row> {
  endpoint: Endpoint;
  answer: v.GenericSchema<unknown, SearchPage<Row>>;
  queryKey: readonly unknown[];
}

/** The list's own filters by query field; '' or undefined is no filter. */
export type SearchFilters = Readonly<Record<string, string | undefined>>;

/** What a search asks: its words, its sort, and the list's filters. */
export interface ListSearch {
  q?: string;
  sort?: SortState;
  filters?: SearchFilters;
}

const queryOf = ({ q, sort, filters = {} }: ListSearch, page: number): Record<string, string> => {
  const query: Record<string, string> = { page: String(page) };
  if (q) query.q = q;
  if (sort) query.sort = sortParam(sort);
  for (const [field, value] of Object.entries(filters)) if (value) query[field] = value;
  return query;
};

const searchPage = <Row>(list: SearchableList<Row>, search: ListSearch, page: number): Promise<SearchPage<Row>> =>
  request(list.endpoint, { query: queryOf(search, page), schema: list.answer });

const scopeTotalKey = <Row>(list: SearchableList<Row>, scope: string, filters: SearchFilters) => [
  ...list.queryKey,
  'scope-total',
  scope,
  filters,
];

/** How many rows the user sees on the server (within `filters`, the part of the scope a screen shows). */
export const useListScopeTotal = <Row>(list: SearchableList<Row>, scope: string, filters: SearchFilters, enabled: boolean) =>
  useQuery({
    queryKey: scopeTotalKey(list, scope, filters),
    queryFn: async () => (await searchPage(list, { filters }, 1)).total,
    enabled,
    meta: NOT_PERSISTED,
    retry: false,
  });

/** The search's pages, one more each time the list's end comes near. */
export const useListSearch = <Row>(list: SearchableList<Row>, scope: string, search: ListSearch, enabled: boolean) =>
  useInfiniteQuery({
    queryKey: [...list.queryKey, 'search', scope, search],
    queryFn: ({ pageParam }) => searchPage(list, search, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total && last.page < MAX_SEARCH_PAGE ? last.page + 1 : undefined),
    enabled,
    meta: NOT_PERSISTED,
    placeholderData: (previous) => previous,
  });

export interface ServerSearchOptions<Row, View extends { key: string }> {
  list: SearchableList<Row>;
  scope: string;
  /** The kept rows the screen shows (its tab), before its search and filters. */
  kept: readonly View[];
  /**
   * Whether the kept rows are all the device will show without the server: its sync answered (its rows are the whole
   * copy), or the device holds no whole copy yet (a first download under way, whose first page may take seconds at
   * scale while a search page takes a fraction of one). The server's total is asked then, even when the device keeps none.
   */
  loaded: boolean;
  online: boolean;
  /** Whether the kept rows are the device's copy because the server could not be reached. */
  fromCache: boolean;
  /** Filters that narrow the scope itself (what the screen's tab shows): they count in the scope's total too. */
  scopeFilters?: SearchFilters;
  search: ListSearch;
  /** A found row's key, as its kept row has it. */
  keyOf: (row: Row) => string;
  /** A found row that is not kept, as the screen shows it (marked as not on this device). */
  notKept: (row: Row, key: string) => View;
}

/**
 * A kept list's screen in server mode when the user sees more on the server than the device keeps (and is online):
 * `keptCount` (what the device holds of the screen's rows, for the offline notice), and in server mode the rows found
 * (kept ones as kept, with their queued changes) and the data list's server-mode props to spread.
 */
export function useServerSearch<Row, View extends { key: string }>(options: ServerSearchOptions<Row, View>) {
  const { list, scope, kept, loaded, online, fromCache, scopeFilters = {}, search, keyOf, notKept } = options;
  const keptCount = useMemo(() => kept.filter((row) => !isTempId(row.key)).length, [kept]);
  const asking = online && loaded && !fromCache;
  // With no words and no filters of its own, the search's first page counts the scope: no round trip of its own (on a
  // fresh device that page is the first screen, and asking it after the total was half a second more at a million rows).
  const plain = !search.q?.trim() && Object.values(search.filters ?? {}).every((value) => !value);
  const total = useListScopeTotal(list, scope, scopeFilters, asking && !plain);
  const searched = useListSearch(
    list,
    scope,
    { ...search, filters: { ...scopeFilters, ...search.filters } },
    asking && (plain || (total.data !== undefined && total.data > keptCount)),
  );
  const plainTotal = plain ? searched.data?.pages[0]?.total : undefined;
  const scopeTotal = plainTotal ?? total.data;
  const serverMode = asking && scopeTotal !== undefined && scopeTotal > keptCount;
  // Kept as the total's answer too: words typed next ask it from there, without a turn back to the kept rows meanwhile.
  const queryClient = useQueryClient();
  useEffect(() => {
    if (plainTotal !== undefined) queryClient.setQueryData(scopeTotalKey(list, scope, scopeFilters), plainTotal);
    // scopeFilters is a new object each render with the same fields; the key is built from its fields.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [queryClient, plainTotal, list, scope, JSON.stringify(scopeFilters)]);
  const rows = useMemo(() => {
    if (!searched.data) return undefined;
    const byKey = new Map(kept.map((row) => [row.key, row]));
    return searched.data.pages.flatMap((page) =>
      page.rows.map((row) => {
        const key = keyOf(row);
        return byKey.get(key) ?? notKept(row, key);
      }),
    );
    // keyOf and notKept are the screen's mapping, the same on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [searched.data, kept]);
  if (!serverMode || rows === undefined) return { keptCount, rows: undefined, dataList: undefined };
  return {
    keptCount,
    rows,
    dataList: {
      mode: 'server' as const,
      rows,
      total: searched.data?.pages[0]?.total,
      hasMore: searched.hasNextPage,
      loadingMore: searched.isFetchingNextPage,
      onLoadMore: () => void searched.fetchNextPage(),
    },
  };
}
