import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  MAX_SEARCH_PAGE,
  paths,
  ServiceRequestSearchAnswer,
  sortParam,
  type SearchPage,
  type ServiceRequestSummary,
} from '../../../contract';
import { request } from '../../../lib/http';
import type { SortState } from '../../../lib/list';
import { NOT_PERSISTED } from '../../../offline/cached-read';
import { workOrderKeys } from './keys';

/*
 * The work order list searched on the server (issue 31 §3, contract/list-search.ts): what the device does not keep
 * (closed work orders older than the kept-list rule) is found here, online only.
 */

export interface WorkOrderSearch {
  q: string;
  sort: SortState;
  plant: string;
  status: string;
  /** In homeowner portal mode: only the portal's requests, or none of them (list-rules.ts rowsForTab). */
  portal: 'only' | 'none' | undefined;
}

const queryOf = (search: Partial<WorkOrderSearch>, page: number): Record<string, string> => ({
  page: String(page),
  ...(search.q ? { q: search.q } : {}),
  ...(search.sort ? { sort: sortParam(search.sort) } : {}),
  ...(search.plant ? { plant: search.plant } : {}),
  ...(search.status ? { status: search.status } : {}),
  ...(search.portal ? { portal: search.portal } : {}),
});

const searchPage = (search: Partial<WorkOrderSearch>, page: number): Promise<SearchPage<ServiceRequestSummary>> =>
  request(paths.serviceRequests, { query: queryOf(search, page), schema: ServiceRequestSearchAnswer });

/** How many requests the user sees on the server (in the tab's portal filter): more than the device keeps puts the list in server mode. */
export const useWorkOrderScopeTotal = (scope: string, portal: WorkOrderSearch['portal'], enabled: boolean) =>
  useQuery({
    queryKey: [...workOrderKeys.all, 'scope-total', scope, portal ?? ''],
    queryFn: async () => (await searchPage({ portal }, 1)).total,
    enabled,
    meta: NOT_PERSISTED,
    retry: false,
  });

/** The search's pages, one more each time the list's end comes near. */
export const useWorkOrderSearch = (scope: string, search: WorkOrderSearch, enabled: boolean) =>
  useInfiniteQuery({
    queryKey: [...workOrderKeys.all, 'search', scope, search],
    queryFn: ({ pageParam }) => searchPage(search, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total && last.page < MAX_SEARCH_PAGE ? last.page + 1 : undefined),
    enabled,
    meta: NOT_PERSISTED,
    placeholderData: (previous) => previous,
  });
