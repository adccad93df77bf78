import { queryOptions } from '@tanstack/react-query';
import { paths, WARRANTY_MESSAGES, WarrantyCardAnswer, type WarrantyCard } from '../../../contract';
import { isHttpError, request } from '../../../lib/http';
import { NOT_PERSISTED, readThrough } from '../../../offline/cached-read';
import { HISTORY_KINDS, serviceHistoryKeys } from './keys';

/**
 * The warranty card of a home: GET {api}/assets/{assetId}/warranty (spec 3 §7). A home without a card
 * answers 404 'This home has no warranty card yet.': that is an answer (null, kept for offline like any
 * other); a 404 for the home itself stays an error (the screen says the home is not found).
 */
export async function getHomeWarranty(assetId: number, signal?: AbortSignal): Promise<WarrantyCard | null> {
  try {
    return await request(paths.assetWarranty(assetId), { schema: WarrantyCardAnswer, handles: [404], signal });
  } catch (error) {
    if (isHttpError(error, 404) && error.body?.message === WARRANTY_MESSAGES.cardNotFound) return null;
    throw error;
  }
}

export const isHomeNotFound = (error: unknown) => isHttpError(error, 404);

export const homeWarrantyQueryOptions = (assetId: number) =>
  queryOptions({
    queryKey: serviceHistoryKeys.warranty(assetId),
    queryFn: ({ signal }) => readThrough(HISTORY_KINDS.warranty, String(assetId), () => getHomeWarranty(assetId, signal)),
    meta: NOT_PERSISTED,
    staleTime: 60_000,
  });
