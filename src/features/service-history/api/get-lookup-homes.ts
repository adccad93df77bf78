import { queryOptions } from '@tanstack/react-query';
import { HomeownerListAnswer, paths } from '../../../contract';
import { request } from '../../../lib/http';
import { NOT_PERSISTED, readThrough } from '../../../offline/cached-read';
import { fetchHomes } from '../../../entities/homes';
import { lookupHomeOfCard, lookupHomeOfSummary, type LookupHome } from '../model';
import { HISTORY_KINDS, serviceHistoryKeys, type LookupSource } from './keys';

/**
 * The homes the header-link form (/serviceHistory/{serial digits}/{plantNumber}) is resolved against:
 * GET {api}/Homes for service users and viewers; the others may not read it, and find their homes in
 * the homeowner list (GET {api}/Warranty/Homeowners: the homes with a warranty card).
 */
export async function getLookupHomes(source: LookupSource, signal?: AbortSignal): Promise<LookupHome[]> {
  if (source === 'homes') return (await fetchHomes(signal)).map(lookupHomeOfSummary);
  return (await request(paths.homeowners, { schema: HomeownerListAnswer, signal })).map(lookupHomeOfCard);
}

export const lookupHomesQueryOptions = (scope: string, source: LookupSource) =>
  queryOptions({
    queryKey: serviceHistoryKeys.lookupHomes(scope, source),
    queryFn: ({ signal }) => readThrough(HISTORY_KINDS.lookupHomes, `${source}:${scope}`, () => getLookupHomes(source, signal)),
    meta: NOT_PERSISTED,
    staleTime: 5 * 60_000,
  });
