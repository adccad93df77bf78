import { queryOptions, useQuery } from '@tanstack/react-query';
import { Prospect, ProspectCreated, paths, type Lead } from '../../../contract';
import { KEPT_LIST_SOURCES, type KeptListName } from '../../../contract/kept-lists';
import { request } from '../../../lib/http';
import { newUuid } from '../../../lib/ids';
import { NOT_PERSISTED, readThrough } from '../../../offline/cached-read';
import { keptList, keptPageOf, readKeptList } from '../../../offline/kept-lists';

export const leadKeys = {
  all: ['leads'] as const,
  list: (scope: string) => ['leads', 'list', scope] as const,
  prospect: (prospectId: number) => ['leads', 'prospect', prospectId] as const,
};

/** GET {api}/Lead (spec 2 §7): the retail center's leads, kept on the device and brought up to date by delta sync. */
export const leadList = keptList<Lead>({
  list: 'leads' satisfies KeptListName,
  table: (db) => db.leads,
  key: (row) => row.leadId,
  firstPage: { index: 'leadDate', reverse: true },
  compare: (a, b) => b.leadDate.localeCompare(a.leadDate) || b.leadId - a.leadId,
  fetchPage: keptPageOf(KEPT_LIST_SOURCES.leads),
});

export const useLeads = (scope: string) =>
  useQuery(
    queryOptions({
      queryKey: leadKeys.list(scope),
      queryFn: () => readKeptList(leadList, scope),
      meta: NOT_PERSISTED,
      structuralSharing: false,
    }),
  );

/** The outbox record of a lead: its claim and deactivation replay in order. */
export const leadRecordKey = (leadId: number) => `lead:${leadId}`;

/** POST /crm/webapi/api/Prospects/Lead: the prospect made from a lead (needs the connection). */
export const convertLead = (leadId: number) =>
  request(paths.prospectFromLead, { method: 'POST', body: { leadId }, idempotencyKey: newUuid(), schema: ProspectCreated });

/** The contact page of a prospect: kept on the device once opened (it opens right after a conversion), read offline with its age. */
export const prospectQueryOptions = (prospectId: number) =>
  queryOptions({
    queryKey: leadKeys.prospect(prospectId),
    queryFn: () => readThrough('prospect', String(prospectId), () => request(paths.prospect(prospectId), { schema: Prospect })),
    meta: NOT_PERSISTED,
    // Offline with no kept copy, a retry would only hold the page on "Loading" until the connection is back.
    retry: false,
  });

export const useProspect = (prospectId: number) => useQuery(prospectQueryOptions(prospectId));
