import { useMemo } from 'react';
import { paths } from '../../contract';
import type { PendingMark } from '../../lib/pending-mark';
import type { OutboxEntry } from '../../offline/db';
import { useOutboxEntries, useOutboxEvents } from '../../offline/react';
import { pendingMarkOf } from '../../offline/conflicts';
import { deliveryRecordKey } from './api/keys';
import { removeDraftsOfHome } from './drafts';

const isSubmit = (entry: OutboxEntry) => entry.method === 'POST' && entry.path === paths.deliveryForm.path;

/** The queued submits of delivery reports by home (`plantNumber/serialNumber`), as the screens mark them (ui/pending-marks). */
export function usePendingSubmits(): Map<string, PendingMark & { entryId: string }> | undefined {
  const entries = useOutboxEntries();
  useOutboxEvents((event) => {
    // A queued submit kept its form's draft until now (drafts.ts).
    if (event.type !== 'sent' || !isSubmit(event.entry)) return;
    const { plantNumber, serialNumber } = (event.entry.body ?? {}) as { plantNumber?: unknown; serialNumber?: unknown };
    if (typeof plantNumber === 'string' && typeof serialNumber === 'string') void removeDraftsOfHome(plantNumber, serialNumber);
  });
  return useMemo(() => {
    if (!entries) return undefined;
    const marks = new Map<string, PendingMark & { entryId: string }>();
    for (const entry of entries) {
      if (!isSubmit(entry) || entry.status === 'done') continue;
      marks.set(entry.recordKey, { ...pendingMarkOf(entry), entryId: entry.id });
    }
    return marks;
  }, [entries]);
}

export const pendingSubmitOf = (marks: ReturnType<typeof usePendingSubmits>, plantNumber: string, serialNumber: string) =>
  marks?.get(deliveryRecordKey(plantNumber, serialNumber));
