import { useMemo } from 'react';
import type { PendingMark } from '../../lib/pending-mark';
import { useOutboxEntries, useOutboxEvents } from '../../offline/use-outbox';
import { pendingMarkOf } from '../../offline/conflicts';
import { deliveryIntentOf } from './api/calls';
import { deliveryRecordKey } from './api/keys';
import { removeDraftsOfHome } from './drafts';

/** The queued submits of delivery reports by home (`plantNumber/serialNumber`), as the screens mark them (ui/pending-marks). */
export function usePendingSubmits(): Map<string, PendingMark & { entryId: string }> | undefined {
  const entries = useOutboxEntries();
  useOutboxEvents((event) => {
    // A queued submit kept its form's draft until now (drafts.ts).
    const intent = event.type === 'sent' ? deliveryIntentOf(event.entry) : undefined;
    if (intent?.kind === 'submit-report') void removeDraftsOfHome(intent.plantNumber, intent.serialNumber);
  });
  return useMemo(() => {
    if (!entries) return undefined;
    const marks = new Map<string, PendingMark & { entryId: string }>();
    for (const entry of entries) {
      if (deliveryIntentOf(entry)?.kind !== 'submit-report' || entry.status === 'done') continue;
      marks.set(entry.recordKey, { ...pendingMarkOf(entry), entryId: entry.id });
    }
    return marks;
  }, [entries]);
}

export const pendingSubmitOf = (marks: ReturnType<typeof usePendingSubmits>, plantNumber: string, serialNumber: string) =>
  marks?.get(deliveryRecordKey(plantNumber, serialNumber));

/** The changes of a submitted report's attachments still waiting on this device (spec 2 §7). */
export function useWaitingAttachmentChanges(submittedSurveyId: number): number {
  const entries = useOutboxEntries();
  return (entries ?? []).filter((entry) => {
    const intent = deliveryIntentOf(entry);
    return intent?.kind === 'survey-attachment' && intent.submittedSurveyId === submittedSurveyId && entry.status !== 'done';
  }).length;
}
