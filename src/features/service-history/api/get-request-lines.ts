import { queryOptions } from '@tanstack/react-query';
import { paths, ServiceRequestAnswer, ServiceRequestListAnswer } from '../../../contract';
import { isHttpError, request } from '../../../lib/http';
import { NOT_PERSISTED, readThrough } from '../../../offline/cached-read';
import { requestLineOf, sortRequestLines, type RequestLine } from '../model';
import { HISTORY_KINDS, serviceHistoryKeys } from './keys';
import { mapLimited } from './map-limited';

const DETAIL_CONCURRENCY = 3;

/**
 * The service request lines of a home (spec 3 §2): GET {api}/service?assetId={id} gives the requests, but
 * its rows carry no service items, so each request is read whole (GET {api}/service/{serviceRequestId})
 * for its items' problemDescription and determinedCause. A request gone in between (a staged one
 * cancelled) is left out.
 */
export async function getRequestLines(assetId: number, signal?: AbortSignal): Promise<RequestLine[]> {
  const rows = await request(paths.serviceRequests, { query: { assetId }, schema: ServiceRequestListAnswer, signal });
  const lines = await mapLimited(rows, DETAIL_CONCURRENCY, async (row) => {
    try {
      const detail = await request(paths.serviceRequest(row.serviceRequestId), { schema: ServiceRequestAnswer, handles: [404], signal });
      return requestLineOf(row, detail);
    } catch (error) {
      if (isHttpError(error, 404)) return null;
      throw error;
    }
  });
  return sortRequestLines(lines.filter((line): line is RequestLine => line !== null));
}

export const requestLinesQueryOptions = (assetId: number) =>
  queryOptions({
    queryKey: serviceHistoryKeys.requests(assetId),
    queryFn: ({ signal }) => readThrough(HISTORY_KINDS.requests, String(assetId), () => getRequestLines(assetId, signal)),
    meta: NOT_PERSISTED,
    staleTime: 60_000,
  });
