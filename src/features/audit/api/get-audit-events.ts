import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { AuditPage, paths } from '../../../contract';
import { request } from '../../../lib/http';
import type { AuditFilters } from '../audit-filters';
import { auditKeys } from './keys';

/** GET {api}/api/Audit: one page of events, newest first; `before` asks for the page after an earlier one. */
export const getAuditEvents = (filters: AuditFilters, before?: number, signal?: AbortSignal) =>
  request(paths.auditEvents, {
    query: { ...filters, before: before === undefined ? undefined : String(before) },
    schema: AuditPage,
    signal,
  });

/** The pages asked so far for these filters; the next one starts at the last page's nextBefore (null: no more). */
export const auditEventsQueryOptions = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: auditKeys.events(filters),
    queryFn: ({ pageParam, signal }) => getAuditEvents(filters, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => page.nextBefore ?? undefined,
  });

export const useAuditEvents = (filters: AuditFilters) => useInfiniteQuery(auditEventsQueryOptions(filters));
