import { useState } from 'react';
import { notify } from '../../../lib/notifier';
import { discardEntry, getOffline, retryEntry } from '../../../offline/runtime';
import { useModals } from '../../../ui/modals';
import { HOMEOWNER_TEXT } from '../messages';
import type { PendingMark } from '../model';

/** The visible marker of a save that has not reached the server: 'Pending', or 'Not saved' with the server's reason. */
export function PendingBadge({ mark }: { mark: PendingMark | undefined }) {
  if (!mark) return null;
  if (mark.state === 'pending') {
    return (
      <span className="ho-badge ho-badge--pending" title={HOMEOWNER_TEXT.pendingHint}>
        {HOMEOWNER_TEXT.pending}
        <span className="visually-hidden">: {HOMEOWNER_TEXT.pendingHint}</span>
      </span>
    );
  }
  return (
    <span className="ho-badge-group">
      <span className="ho-badge ho-badge--failed">{HOMEOWNER_TEXT.failed}</span>
      {mark.message && <span className="ho-badge__message">{mark.message}</span>}
    </span>
  );
}

/** Retry (send again) or Discard (drop it) a save the server refused. */
export function FailedChangeActions({ mark }: { mark: PendingMark }) {
  const modals = useModals();
  const [busy, setBusy] = useState(false);

  async function retry() {
    setBusy(true);
    try {
      await retryEntry(mark.seq);
    } finally {
      setBusy(false);
    }
  }

  async function discard() {
    const dependents = await getOffline().outbox.dependentsOf(mark.seq);
    const alsoLost = dependents.length
      ? ` ${dependents.length === 1 ? 'This change depends on it and' : 'These changes depend on it and'} will be discarded too: ${dependents.map((entry) => `“${entry.label}”`).join(', ')}.`
      : '';
    if (!(await modals.confirm(`Discard “${mark.label}”? It has not reached the server and will be lost.${alsoLost}`))) return;
    setBusy(true);
    try {
      await discardEntry(mark.seq);
    } catch (error) {
      notify({ level: 'error', title: 'The change was not discarded.', description: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <span className="ho-failed-actions">
      <button type="button" className="button" disabled={busy} aria-label={`Retry ${mark.label}`} onClick={() => void retry()}>
        Retry
      </button>
      <button type="button" className="button" disabled={busy} aria-label={`Discard ${mark.label}`} onClick={() => void discard()}>
        Discard
      </button>
    </span>
  );
}

/** The saves the server refused, each with its message, Retry and Discard. */
export function FailuresBanner({ failures, titleId }: { failures: readonly PendingMark[]; titleId: string }) {
  if (failures.length === 0) return null;
  return (
    <section className="ho-failures" role="alert" aria-labelledby={titleId}>
      <h2 id={titleId} className="ho-failures__title">
        {failures.length === 1 ? 'A change was not saved' : `${failures.length} changes were not saved`}
      </h2>
      <ul className="ho-failures__list">
        {failures.map((mark) => (
          <li key={mark.seq} className="ho-failures__item">
            <span>
              <strong>{mark.label}</strong>
              {mark.message && `: ${mark.message}`}
            </span>
            <FailedChangeActions mark={mark} />
          </li>
        ))}
      </ul>
    </section>
  );
}
