import { useEffect, useMemo } from 'react';
import { useOnline } from '../../offline/use-connection';
import { primeServiceHistory } from './prime';

/** The most homes whose history is kept ahead of time: a technician's open work, not the archive. */
export const PRIMED_HOMES_LIMIT = 100;

/**
 * While online, keeps the service history of the given homes on the device (prime.ts), so that each can be
 * opened at the homesite with no signal. Homes kept in the last 15 minutes are skipped; leaving stops it.
 */
export function useServiceHistoryPriming(assetIds: readonly number[] | undefined) {
  const online = useOnline();
  // One string stands for the list, so that a refetch answering the same homes starts nothing again.
  const homes = useMemo(() => [...new Set(assetIds ?? [])].slice(0, PRIMED_HOMES_LIMIT).join(','), [assetIds]);
  useEffect(() => {
    if (!online || homes === '') return;
    const controller = new AbortController();
    void primeServiceHistory(homes.split(',').map(Number), controller.signal).catch(() => undefined);
    return () => controller.abort();
  }, [online, homes]);
}
