import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { PartsOrder, PartsOrderSummary } from '../../contract';
import { getOffline } from '../../offline/runtime';
import { partsOrderQueryOptions, vantagePartsOrderQueryOptions } from './api/get-parts-order';
import { retailerPlantsQueryOptions } from './api/get-plants';
import { shipToLocationsQueryOptions } from './api/get-ship-to-locations';
import { CACHE_KINDS } from './api/keys';
import { homesQueryOptions } from '../../entities/homes';
import { unitsOfMeasureQueryOptions } from '../../entities/units-of-measure';

/** The most orders kept whole on the device: the ones still to be worked on, not the archive. */
export const PRIME_LIMIT = 200;
const PRIME_CONCURRENCY = 4;

/**
 * The orders kept whole on the device (issues 5, 19): every open one, staged (to edit and submit) or submitted (to
 * read offline, and SHIPPED ones to receive, spec 3 §4), each kept under its partsOrderId however its route names it.
 */
export function ordersToPrime(rows: readonly PartsOrderSummary[], limit = PRIME_LIMIT) {
  return rows
    .filter((row) => !row.isClosed)
    .slice(0, limit)
    .map((row) => ({
      row,
      cacheId: String(row.partsOrderId),
      fetch: (client: QueryClient) =>
        row.vantagePartsRequestId === null
          ? client.prefetchQuery({ ...partsOrderQueryOptions(row.partsOrderId), staleTime: 0 })
          : client.prefetchQuery({ ...vantagePartsOrderQueryOptions(row.vantagePartsRequestId), staleTime: 0 }),
    }));
}

/** The retail centers whose ship-to locations a staged order may need: the user's own and those of the staged orders. */
export function shipToRetailers(rows: readonly PartsOrderSummary[], currentRetailer: string | null) {
  const numbers = new Set<string>(currentRetailer ? [currentRetailer] : []);
  for (const row of rows) if (row.vantagePartsRequestId === null && !row.isClosed && row.retailerNumber) numbers.add(row.retailerNumber);
  return [...numbers];
}

export interface PrimingProgress {
  done: number;
  total: number;
}

/**
 * Makes what the parts screens need readable offline while the list is open and online: the ship-to locations,
 * the units of measure, the homes and plants (to start an order offline), and every open order
 * whole, skipping the ones whose kept copy is already at the server's rowVersion and item count. Returns the progress while it runs.
 */
export function usePartsOrderPriming(
  scope: string,
  rows: readonly PartsOrderSummary[] | undefined,
  online: boolean,
  options: { currentRetailer: string | null; isPlantUser: boolean },
) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<PrimingProgress>();
  const { currentRetailer, isPlantUser } = options;
  useEffect(() => {
    if (!online || !rows) return;
    let cancelled = false;
    void (async () => {
      await Promise.allSettled([
        queryClient.prefetchQuery(unitsOfMeasureQueryOptions()),
        queryClient.prefetchQuery(homesQueryOptions(scope)),
        ...(isPlantUser ? [] : [queryClient.prefetchQuery(retailerPlantsQueryOptions(scope))]),
        ...shipToRetailers(rows, currentRetailer).map((retailerNumber) =>
          queryClient.prefetchQuery(shipToLocationsQueryOptions(retailerNumber)),
        ),
      ]);
      const candidates = ordersToPrime(rows);
      const { db } = getOffline();
      const kept = await db.withReopen(() =>
        db.entities.bulkGet(candidates.map((candidate) => [CACHE_KINDS.detail, candidate.cacheId] as [string, string])),
      );
      // Item writes leave the order's rowVersion alone, so the item count is compared too.
      const stale = candidates.filter((candidate, index) => {
        const copy = kept[index]?.data as PartsOrder | undefined;
        return copy?.rowVersion !== candidate.row.rowVersion || copy.partsItems.length !== candidate.row.itemCount;
      });
      if (stale.length === 0 || cancelled) return;
      let done = 0;
      setProgress({ done, total: stale.length });
      const queue = [...stale];
      const worker = async () => {
        for (let next = queue.shift(); next && !cancelled; next = queue.shift()) {
          await next.fetch(queryClient).catch(() => undefined);
          done += 1;
          if (!cancelled) setProgress({ done, total: stale.length });
        }
      };
      await Promise.all(Array.from({ length: PRIME_CONCURRENCY }, worker));
      if (!cancelled) setProgress(undefined);
    })();
    return () => {
      cancelled = true;
      setProgress(undefined);
    };
  }, [online, queryClient, rows, scope, currentRetailer, isPlantUser]);
  return progress;
}
