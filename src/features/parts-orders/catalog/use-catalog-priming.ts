import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { readToken, readTokenClaims } from '../../../lib/session-token';
import { getOffline } from '../../../offline/runtime';
import { CATALOG_KINDS } from './api';
import { primeCatalogs } from './prime';

export interface CatalogPrimingProgress {
  /** Catalogs and images handled so far, of `total` (which grows once the images to fetch are known). */
  done: number;
  total: number;
}

/**
 * What this page's life already did per user and plant (spec 3 §7: cached per plant for the session): 'kept'
 * when the catalog and its images were stored, 'refused' when the server would not give the catalog.
 */
const settledThisSession = new Map<string, 'kept' | 'refused'>();

/** For tests: the next priming starts over. */
export function forgetPrimedCatalogs() {
  settledThisSession.clear();
}

const sessionKey = (plantNumber: string) => {
  const token = readToken();
  return `${(token && readTokenClaims(token).userName?.toLowerCase()) ?? ''}\n${plantNumber}`;
};

/** The plants still to prime: not settled this session, or kept but since removed (a sign-out clears kept copies). */
async function plantsToPrime(plantNumbers: readonly string[]): Promise<string[]> {
  const kept = await getOffline().db.entities.bulkGet(plantNumbers.map((plantNumber) => [CATALOG_KINDS.catalog, plantNumber] as [string, string]));
  return plantNumbers.filter((plantNumber, index) => {
    const settled = settledThisSession.get(sessionKey(plantNumber));
    return settled === undefined || (settled === 'kept' && !kept[index]);
  });
}

/**
 * Keeps the approved catalogs of `plantNumbers` (with their images) on the device, once per session each;
 * pass [] while offline. Answers the progress while it runs, for a progress bar, else undefined.
 */
export function useCatalogPriming(plantNumbers: readonly string[]): CatalogPrimingProgress | undefined {
  const queryClient = useQueryClient();
  // The caller's array may be rebuilt on every render; the plants it names are what count.
  const plantsKey = [...new Set(plantNumbers.filter(Boolean))].sort().join('\n');
  const [progress, setProgress] = useState<CatalogPrimingProgress>();
  useEffect(() => {
    if (plantsKey === '') return;
    const controller = new AbortController();
    void (async () => {
      const wanted = await plantsToPrime(plantsKey.split('\n'));
      if (wanted.length === 0 || controller.signal.aborted) return;
      const figures = await primeCatalogs(wanted, { signal: controller.signal, queryClient, onProgress: (done, total) => setProgress({ done, total }) });
      for (const plantNumber of figures.settledPlants) {
        settledThisSession.set(sessionKey(plantNumber), figures.refusedPlants.includes(plantNumber) ? 'refused' : 'kept');
      }
      setProgress(undefined);
    })().catch((error: unknown) => {
      if (controller.signal.aborted) return;
      console.error('keeping the parts catalogs offline failed', error);
      setProgress(undefined);
    });
    return () => {
      controller.abort();
      setProgress(undefined);
    };
  }, [plantsKey, queryClient]);
  return progress;
}
