import { useMemo } from 'react';
import { paths } from '../../contract';
import type { PendingMark } from '../../lib/pending-mark';
import { useOutboxEntries } from '../../offline/react';
import { pendingMarkOf } from '../../offline/conflicts';
import { deliveryRecordKey } from './api/keys';

/** The queued submits of delivery reports by home (`plantNumber/serialNumber`), as the screens mark them (ui/pending-marks). */
export function usePendingSubmits(): Map<string, PendingMark & { entryId: string }> | undefined {
  const entries = useOutboxEntries();
  return useMemo(() => {
    if (!entries) return undefined;
    const marks = new Map<string, PendingMark & { entryId: string }>();
    for (const entry of entries) {
      if (entry.method !== 'POST' || entry.path !== paths.deliveryForm.path || entry.status === 'done') continue;
      marks.set(entry.recordKey, { ...pendingMarkOf(entry), entryId: entry.id });
    }
    return marks;
  }, [entries]);
}

export const pendingSubmitOf = (marks: ReturnType<typeof usePendingSubmits>, plantNumber: string, serialNumber: string) =>
  marks?.get(deliveryRecordKey(plantNumber, serialNumber));
