import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { getOffline } from '../../../offline/runtime';
import { catalogListName, catalogScope } from './api';
import { primeCatalogs } from './prime';

export interface CatalogPrimingProgress {
  /** Catalogs and images handled so far, of `total` (which grows once the images to fetch are known). */
  done: number;
  total: number;
}

/**
 * What this page's life already did per copy (user scope and plant, catalogScope) (spec 3 §7: cached per plant for the session): 'kept'
 * when the catalog and its images were stored, 'refused' when the server would not give the catalog.
 */
const settledThisSession = new Map<string, 'kept' | 'refused'>();

/** For tests: the next priming starts over. */
export function forgetPrimedCatalogs() {
  settledThisSession.clear();
}

/** The plants still to prime: not settled this session, or kept but since removed (a sign-out clears kept copies). */
async function plantsToPrime(scope: string, plantNumbers: readonly string[]): Promise<string[]> {
  const { db } = getOffline();
  const kept = await db.withReopen(() => db.syncState.bulkGet(plantNumbers.map(catalogListName)));
  return plantNumbers.filter((plantNumber, index) => {
    const settled = settledThisSession.get(catalogScope(scope, plantNumber));
    const copy = kept[index];
    return settled === undefined || (settled === 'kept' && !(copy?.complete && copy.scopeKey === catalogScope(scope, plantNumber)));
  });
}

/**
 * Keeps the approved catalogs of `plantNumbers` (with their images) on the device as `scope`'s copies (the user's
 * viewScope), brought up to date once per session each; pass [] while offline. Answers the progress while it runs,
 * for a progress bar, else undefined.
 */
export function useCatalogPriming(scope: string, plantNumbers: readonly string[]): CatalogPrimingProgress | undefined {
  const queryClient = useQueryClient();
  // The caller's array may be rebuilt on every render; the plants it names are what count.
  const plantsKey = [...new Set(plantNumbers.filter(Boolean))].sort().join('\n');
  const [progress, setProgress] = useState<CatalogPrimingProgress>();
  useEffect(() => {
    if (plantsKey === '') return;
    const controller = new AbortController();
    void (async () => {
      const wanted = await plantsToPrime(scope, plantsKey.split('\n'));
      if (wanted.length === 0 || controller.signal.aborted) return;
      const figures = await primeCatalogs(scope, wanted, {
        signal: controller.signal,
        queryClient,
        onProgress: (done, total) => setProgress({ done, total }),
      });
      for (const plantNumber of figures.settledPlants) {
        settledThisSession.set(catalogScope(scope, plantNumber), figures.refusedPlants.includes(plantNumber) ? 'refused' : 'kept');
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
  }, [scope, plantsKey, queryClient]);
  return progress;
}
