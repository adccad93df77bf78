import { queryOptions } from '@tanstack/react-query';
import { AssetPartsOrdersAnswer, paths } from '../../../contract';
import { request } from '../../../lib/http';
import { NOT_PERSISTED, readThrough } from '../../../offline/cached-read';
import { partsLineOf, sortPartsLines, type PartsLine } from '../model';
import { HISTORY_KINDS, serviceHistoryKeys } from './keys';

/** The parts orders of a home with their items: GET {api}/parts/asset/{assetId} (spec 3 §7). */
export async function getPartsLines(assetId: number, signal?: AbortSignal): Promise<PartsLine[]> {
  const orders = await request(paths.assetPartsOrders(assetId), { schema: AssetPartsOrdersAnswer, signal });
  return sortPartsLines(orders.map(partsLineOf));
}

export const partsLinesQueryOptions = (assetId: number) =>
  queryOptions({
    queryKey: serviceHistoryKeys.parts(assetId),
    queryFn: ({ signal }) => readThrough(HISTORY_KINDS.parts, String(assetId), () => getPartsLines(assetId, signal)),
    meta: NOT_PERSISTED,
    staleTime: 60_000,
  });
