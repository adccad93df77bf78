import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import type { WarrantyCard } from '../../contract';
import type { CachedRead } from '../../offline/cached-read';
import type { OutboxEntry } from '../../offline/db';
import { useKeptListRows } from '../../offline/use-kept-list';
import { useOutboxEntries, useOutboxEvents } from '../../offline/use-outbox';
import { homeownerList, useHomeowners } from './api/get-homeowners';
import { warrantyCardQueryOptions, type WarrantyCardRead } from './api/get-warranty-card';
import { homeownerKeys } from './api/keys';
import { homeKey, homeKeyOfRecord, warrantyRecordKey, type WarrantyCardView } from './model';
import { applyPendingToCard, applyPendingToList, rowsOfServerList } from './pending/apply-pending';
import { isOfflineError } from '../../lib/http';

/** §9: after a panel closes, the list reloads after this delay; deliveries of a replay are gathered as long. */
export const LIST_RELOAD_DELAY_MS = 500;

const signatureOf = (entries: readonly OutboxEntry[]) =>
  entries.map((entry) => `${entry.id}:${entry.status}:${entry.lastError?.message ?? ''}`).join('|');

/**
 * The queued warranty saves, as an array that keeps its identity while they stay the same: other records'
 * changes (work orders, parts) must not make a 20,000-row list search and sort again.
 */
export function useWarrantyEntries(): readonly OutboxEntry[] | undefined {
  const entries = useOutboxEntries();
  const own = entries?.filter((entry) => homeKeyOfRecord(entry.recordKey) !== undefined);
  // Not read yet: its own signature, so that the first read replaces it.
  const signature = own ? signatureOf(own) : undefined;
  const kept = useRef({ signature, entries: own });
  if (kept.current.signature !== signature) kept.current = { signature, entries: own };
  return kept.current.entries;
}

/** My Homeowners as it will be (queued saves applied and marked), with the age of the copy it comes from. */
export function useHomeownerListView(scope: string) {
  // The query syncs; the rows come from the kept list, page by page while it is first downloaded.
  const list = useHomeowners(scope);
  const { rows: cards, ...kept } = useKeptListRows(homeownerList, scope, list);
  const entries = useWarrantyEntries();
  // Once per copy of the list: the rows with their status labels and search texts.
  const serverRows = useMemo(() => rowsOfServerList(cards ?? []), [cards]);
  const rows = useMemo(() => applyPendingToList(serverRows, entries ?? []), [serverRows, entries]);
  return { rows, query: list, ...kept };
}

export type WarrantyCardState =
  | { status: 'loading' }
  | { status: 'home-not-found' }
  | { status: 'error'; error: unknown; offline: boolean }
  /** `view` undefined: the home has no card (add mode). */
  | { status: 'ready'; view: WarrantyCardView | undefined; storedAt: number | undefined; fromCache: boolean };

/** The card of one home as it will be (server or kept copy + queued saves), kept current as the outbox moves on. */
export function useWarrantyCardView(scope: string, plantNumber: string, serialNumber: string): WarrantyCardState {
  const query = useQuery(warrantyCardQueryOptions(scope, plantNumber, serialNumber));
  const entries = useWarrantyEntries();
  const recordKey = warrantyRecordKey(plantNumber, serialNumber);
  const base = query.data?.card ?? undefined;
  const view = useMemo(
    () =>
      applyPendingToCard(
        base,
        (entries ?? []).filter((entry) => entry.recordKey === recordKey),
      ),
    [base, entries, recordKey],
  );
  // The form takes its first values once: not before the saves queued on this device are known.
  if (entries === undefined || (query.isPending && query.fetchStatus !== 'idle')) return { status: 'loading' };
  if (query.data?.homeMissing && !view) return { status: 'home-not-found' };
  // Offline with nothing kept, a card created on this device still shows.
  if (query.isError && !view) return { status: 'error', error: query.error, offline: isOfflineError(query.error) };
  if (query.isPending && !view) return { status: 'loading' };
  return { status: 'ready', view, storedAt: query.data?.storedAt, fromCache: query.data?.fromCache ?? true };
}

/** The list kept in the query cache, with one card put in (the server's answer to a save), so the row is current at once. */
export function putCardInList(queryClient: QueryClient, scope: string, card: WarrantyCard) {
  const key = homeKey(card.plantNumber, card.serialNumber);
  void homeownerList.put(scope, [card]);
  queryClient.setQueryData<CachedRead<WarrantyCard[]>>(homeownerKeys.list(scope), (current) => {
    if (!current) return current;
    const index = current.data.findIndex((row) => homeKey(row.plantNumber, row.serialNumber) === key);
    const data = index < 0 ? [card, ...current.data] : current.data.map((row, at) => (at === index ? card : row));
    return { ...current, data };
  });
  queryClient.setQueryData<WarrantyCardRead>(homeownerKeys.card(scope, key), (current) => (current ? { ...current, card } : current));
}

const reloadTimers = new WeakMap<QueryClient, ReturnType<typeof setTimeout>>();

/**
 * spec 3 §9: the list (and the cards) reload LIST_RELOAD_DELAY_MS after a panel closes. Reloads asked for within
 * that time are one reload: a list of 20,000 homeowners is fetched once, not once per delivered save.
 */
export function scheduleHomeownerReload(queryClient: QueryClient) {
  clearTimeout(reloadTimers.get(queryClient));
  reloadTimers.set(
    queryClient,
    setTimeout(() => {
      reloadTimers.delete(queryClient);
      void queryClient.invalidateQueries({ queryKey: homeownerKeys.all });
    }, LIST_RELOAD_DELAY_MS),
  );
}

export const isWarrantyCard = (body: unknown): body is WarrantyCard =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as WarrantyCard).plantNumber === 'string' &&
  typeof (body as WarrantyCard).serialNumber === 'string';

/**
 * When the outbox delivers a warranty save, the server copies are out of date: the answered card goes into the list
 * at once (the queued copy leaves the queue now), and the list and cards are fetched again once the deliveries of
 * the replay have settled.
 */
export function useRefreshOnDelivery(scope: string) {
  const queryClient = useQueryClient();
  useOutboxEvents((event) => {
    if (event.type !== 'sent' || homeKeyOfRecord(event.entry.recordKey) === undefined) return;
    if (isWarrantyCard(event.answer.body)) putCardInList(queryClient, scope, event.answer.body);
    scheduleHomeownerReload(queryClient);
  });
}
