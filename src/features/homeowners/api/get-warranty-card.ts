import { queryOptions } from '@tanstack/react-query';
import { WARRANTY_MESSAGES, WarrantyCardAnswer, paths, type WarrantyCard } from '../../../contract';
import { isHttpError, isOfflineError, request } from '../../../lib/http';
import { NOT_PERSISTED, readThrough } from '../../../offline/cached-read';
import { homeownerList } from './get-homeowners';
import { homeKey } from '../model';
import { HOMEOWNER_CACHE_KINDS, homeownerKeys } from './keys';

/** GET {api}/Warranty?plantNumber&serialNumber (spec 3 §7): the card of one home; 404 when it has none (or the home is not the user's). */
export const getWarrantyCard = (plantNumber: string, serialNumber: string) =>
  request(paths.warranty, { schema: WarrantyCardAnswer, query: { plantNumber, serialNumber }, handles: [404] });

export interface WarrantyCardRead {
  /** The server's card, or null when the home has none yet (the form opens in add mode). */
  card: WarrantyCard | null;
  storedAt: number;
  fromCache: boolean;
  /** The server knows no such home for this user: no card can be added either. */
  homeMissing?: true;
}

const sameHome = (plantNumber: string, serialNumber: string) => {
  const key = homeKey(plantNumber, serialNumber);
  return (card: WarrantyCard) => homeKey(card.plantNumber, card.serialNumber) === key;
};

/**
 * The card of a home, online from the server (and kept), offline from the device: the kept card or the kept
 * list's row, whichever is newer (a card is a list row). Offline with a list kept but no row for the home,
 * the home has no card that this device knows of: add mode. Offline with nothing kept, the OfflineError stands.
 */
export async function loadWarrantyCard(
  scope: string,
  plantNumber: string,
  serialNumber: string,
  now: () => number = Date.now,
): Promise<WarrantyCardRead> {
  const id = homeKey(plantNumber, serialNumber);
  const fromList = async () => {
    await homeownerList.load(scope);
    const { rows, state } = homeownerList.snapshot();
    return state?.scopeKey === scope && state.syncedAt !== undefined
      ? { card: rows?.find(sameHome(plantNumber, serialNumber)) ?? null, storedAt: state.syncedAt, fromCache: true }
      : undefined;
  };
  try {
    const read = await readThrough(HOMEOWNER_CACHE_KINDS.card, id, () => getWarrantyCard(plantNumber, serialNumber));
    if (!read.fromCache) return { card: read.data, storedAt: read.storedAt, fromCache: false };
    const listed = await fromList();
    return listed?.card && listed.storedAt > read.storedAt ? listed : { card: read.data, storedAt: read.storedAt, fromCache: true };
  } catch (error) {
    if (isHttpError(error, 404)) {
      const homeMissing = error.body?.message === WARRANTY_MESSAGES.homeNotFound;
      return { card: null, storedAt: now(), fromCache: false, ...(homeMissing ? { homeMissing } : {}) };
    }
    if (isOfflineError(error)) {
      const listed = await fromList();
      if (listed) return listed;
    }
    throw error;
  }
}

export const warrantyCardQueryOptions = (scope: string, plantNumber: string, serialNumber: string) =>
  queryOptions({
    queryKey: homeownerKeys.card(scope, homeKey(plantNumber, serialNumber)),
    queryFn: () => loadWarrantyCard(scope, plantNumber, serialNumber),
    meta: NOT_PERSISTED,
    // The form takes its values once; a refetch on focus would only move the rowVersion under it.
    refetchOnWindowFocus: false,
  });
