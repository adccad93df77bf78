import { queryOptions } from '@tanstack/react-query';
import { HOMES_KEPT_CAP, HomeownerListAnswer, paths } from '../../../contract';
import { request } from '../../../lib/http';
import { NOT_PERSISTED, readThrough, type CachedRead } from '../../../offline/cached-read';
import { HOMES_KEPT_KIND, fetchHomes, searchHomes } from '../../../entities/homes';
import { lookupHomeOfCard, lookupHomeOfSummary, type LookupHome } from '../model';
import { HISTORY_KINDS, serviceHistoryKeys, type LookupSource } from './keys';

/**
 * The homes the header-link form (/serviceHistory/{serial digits}/{plantNumber}) is resolved against:
 * GET {api}/Homes for service users and viewers, the copy of the view scope's homes that work orders and parts
 * orders keep (entities/homes); the others may not read it, and find their homes in the homeowner list
 * (GET {api}/Warranty/Homeowners: the homes with a warranty card), kept here.
 */
export async function readLookupHomes(scope: string, source: LookupSource, signal?: AbortSignal): Promise<CachedRead<LookupHome[]>> {
  if (source === 'homes') {
    const homes = await readThrough(HOMES_KEPT_KIND, scope, () => fetchHomes(signal));
    return { ...homes, data: homes.data.map(lookupHomeOfSummary) };
  }
  return readThrough(HISTORY_KINDS.lookupHomes, `${source}:${scope}`, async () =>
    (await request(paths.homeowners, { schema: HomeownerListAnswer, signal })).map(lookupHomeOfCard),
  );
}

export const lookupHomesQueryOptions = (scope: string, source: LookupSource) =>
  queryOptions({
    queryKey: serviceHistoryKeys.lookupHomes(scope, source),
    queryFn: ({ signal }) => readLookupHomes(scope, source, signal),
    meta: NOT_PERSISTED,
    staleTime: 5 * 60_000,
  });

/**
 * The homes the server finds for the serial digits when the device's copy may not hold the home: a large scope keeps
 * HOMES_KEPT_CAP homes (contract/homes.ts). Online only; none otherwise.
 */
export const serverLookupQueryOptions = (scope: string, serialDigits: string, enabled: boolean) =>
  queryOptions({
    queryKey: [...serviceHistoryKeys.lookupHomes(scope, 'homes'), 'search', serialDigits],
    queryFn: async ({ signal }) => (await searchHomes(serialDigits, signal)).map(lookupHomeOfSummary),
    enabled,
    meta: NOT_PERSISTED,
    retry: false,
  });

/** Whether a copy of the homes may leave some out (it holds as many as a device keeps). */
export const mayLackHomes = (homes: readonly unknown[]) => homes.length >= HOMES_KEPT_CAP;
