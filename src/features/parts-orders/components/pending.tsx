import { useState } from 'react';
import { notify } from '../../../lib/notifier';
import { discardEntry, getOffline, retryEntry } from '../../../offline/runtime';
import { useModals } from '../../../ui/modals';
import { PathLink } from '../../../ui/path-link';
import type { PendingMark } from '../model';
import './parts-orders.css';

export const PENDING_TEXT = 'Pending';
export const NOT_SAVED_TEXT = 'Not saved';
export const PENDING_HINT = 'Saved on this device, waiting to be sent.';

/** The visible marker of a change that has not reached the server: 'Pending', or 'Not saved' with the server's reason. */
export function PendingBadge({ mark, subject }: { mark: PendingMark | undefined; subject?: string }) {
  if (!mark) return null;
  if (mark.state === 'pending') {
    return (
      <span className="po-badge po-badge--pending" title={`${mark.label}: ${PENDING_HINT}`}>
        {PENDING_TEXT}
        <span className="visually-hidden">{subject ? `: ${subject}. ` : ': '}{PENDING_HINT}</span>
      </span>
    );
  }
  return (
    <span className="po-badge-group">
      <span className="po-badge po-badge--failed">{NOT_SAVED_TEXT}</span>
      {mark.message && <span className="po-badge__message">{mark.message}</span>}
    </span>
  );
}

/** Retry (send again) or Discard (drop it, with what depends on it) a change the server refused. */
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
    <span className="po-failed-actions">
      <button type="button" className="button" disabled={busy} aria-label={`Retry ${mark.label}`} onClick={() => void retry()}>
        Retry
      </button>
      <button type="button" className="button" disabled={busy} aria-label={`Discard ${mark.label}`} onClick={() => void discard()}>
        Discard
      </button>
    </span>
  );
}

/** Every change of this order the server refused, at the top of the review. */
export function FailuresBanner({ failures }: { failures: readonly PendingMark[] }) {
  if (failures.length === 0) return null;
  return (
    <section className="po-failures" role="alert" aria-labelledby="po-failures-title">
      <h2 id="po-failures-title" className="po-failures__title">
        {failures.length === 1 ? 'A change was not saved' : `${failures.length} changes were not saved`}
      </h2>
      <ul className="po-failures__list">
        {failures.map((mark) => (
          <li key={mark.seq} className="po-failures__item">
            <span>
              <strong>{mark.label}</strong>
              {mark.message && `: ${mark.message}`}
            </span>
            <FailedChangeActions mark={mark} />
          </li>
        ))}
      </ul>
      <PathLink href="/pending-changes">See all pending changes</PathLink>
    </section>
  );
}
