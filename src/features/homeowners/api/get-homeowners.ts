import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WarrantyCard } from '../../../contract';
import { cardRuleSubject, KEPT_LIST_SOURCES, type KeptListName } from '../../../contract/kept-lists';
import { NOT_PERSISTED } from '../../../offline/cached-read';
import { keptList, keptPageOf, readKeptList } from '../../../offline/kept-lists';
import { homeownerKeys } from './keys';
import { warrantyRecordKey } from '../model';

/** How long a fetched list counts as current. */
export const HOMEOWNER_LIST_STALE_MS = 60_000;

/**
 * GET {api}/Warranty/Homeowners (spec 3 §7 "Get homeowners"): the cards of the user's scope the kept-list rule keeps,
 * on the device row by row (tens of thousands of cards) and brought up to date by delta sync (`?since=`, offline/kept-lists.ts).
 */
export const homeownerList = keptList<WarrantyCard>({
  list: 'homeowners' satisfies KeptListName,
  table: (db) => db.homeowners,
  key: (row) => row.vantageWarrantyId,
  // The list's default order: Last Name (list-rules DEFAULT_HOMEOWNER_SORT).
  firstPage: { index: 'lastName' },
  fetchPage: keptPageOf(KEPT_LIST_SOURCES.homeowners),
  // A card is "open" while its home has an open work order (contract/kept-lists.ts).
  rule: {
    subject: cardRuleSubject,
    recordKey: (card) => warrantyRecordKey(card.plantNumber, card.serialNumber),
  },
});

export const homeownersQueryOptions = (scope: string) =>
  queryOptions({
    queryKey: homeownerKeys.list(scope),
    queryFn: () => readKeptList(homeownerList, scope),
    meta: NOT_PERSISTED,
    // Not synced again on every return to the tab; saves and closed panels reload it (§9).
    staleTime: HOMEOWNER_LIST_STALE_MS,
    structuralSharing: false,
  });

export const useHomeowners = (scope: string) => useQuery(homeownersQueryOptions(scope));
