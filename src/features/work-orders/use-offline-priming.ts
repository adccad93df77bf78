import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { getOffline } from '../../offline/runtime';
import type { ServiceRequest, ServiceRequestSummary } from '../../contract';
import { serviceRequestQueryOptions } from './api/get-service-request';
import { CACHE_KINDS } from './api/keys';
import { homesQueryOptions } from '../../entities/homes';
import { unitsOfMeasureQueryOptions } from '../../entities/units-of-measure';

/** The most requests kept whole on the device: a technician's open work, not the archive. */
export const PRIME_LIMIT = 200;
const PRIME_CONCURRENCY = 4;

/** Requests a technician may still work on, newest first: staged, or open work orders not closed or archived. */
export function requestsToPrime(rows: readonly ServiceRequestSummary[], limit = PRIME_LIMIT) {
  return rows.filter((row) => !row.isClosed && !row.isArchived).slice(0, limit);
}

export interface PrimingProgress {
  done: number;
  total: number;
}

/**
 * Makes what the service screens need readable offline while the list is open and online: the homes,
 * the units of measure, and every open request whole (items, parts, attachments), skipping the ones
 * whose kept copy is already at the server's rowVersion. Returns the progress while it runs.
 */
export function useOfflinePriming(scope: string, rows: readonly ServiceRequestSummary[] | undefined, online: boolean) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<PrimingProgress>();
  useEffect(() => {
    if (!online || !rows) return;
    let cancelled = false;
    void (async () => {
      await Promise.allSettled([
        queryClient.prefetchQuery(homesQueryOptions(scope)),
        queryClient.prefetchQuery(unitsOfMeasureQueryOptions()),
      ]);
      const candidates = requestsToPrime(rows);
      const { db } = getOffline();
      const kept = await db.withReopen(() =>
        db.entities.bulkGet(candidates.map((row) => [CACHE_KINDS.detail, String(row.serviceRequestId)] as [string, string])),
      );
      const stale = candidates.filter((row, index) => (kept[index]?.data as ServiceRequest | undefined)?.rowVersion !== row.rowVersion);
      if (stale.length === 0 || cancelled) return;
      let done = 0;
      setProgress({ done, total: stale.length });
      const queue = [...stale];
      const worker = async () => {
        for (let row = queue.shift(); row && !cancelled; row = queue.shift()) {
          await queryClient.prefetchQuery({ ...serviceRequestQueryOptions(row.serviceRequestId), staleTime: 0 }).catch(() => undefined);
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
  }, [online, queryClient, rows, scope]);
  return progress;
}
