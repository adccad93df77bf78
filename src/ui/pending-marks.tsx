import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { notify } from '../lib/notifier';
import {
  otherAuthor,
  othersChangeNote,
  type ChangeConflict,
  type ConflictChoice,
  type PendingChangeActions,
  type PendingMark,
} from '../lib/pending-mark';
import { ConflictView } from './conflict-view';
import { useModals } from './modals';
import { PathLink } from './path-link';

/*
 * How every screen marks a change that has not reached the server yet: 'Pending' while it waits, 'Not saved'
 * with the server's message once refused, with Retry and Discard (the actions come from the offline runtime).
 * Another user's change on a shared tablet offers none of them, and says whose it is (issue 22 §1).
 */

export const PENDING_TEXT = 'Pending';
export const NOT_SAVED_TEXT = 'Not saved';
export const PENDING_HINT = 'Saved on this device, waiting to be sent.';

/** 'Pending', or 'Not saved' with the server's reason; `subject` names the record for screen readers. */
export function PendingBadge({ mark, subject }: { mark: PendingMark | undefined; subject?: string }) {
  if (!mark) return null;
  if (mark.state === 'pending') {
    return (
      <span className="pending-badge pending-badge--pending" title={`${mark.label}: ${PENDING_HINT}`}>
        {PENDING_TEXT}
        <span className="visually-hidden">
          {subject ? `: ${subject}. ` : ': '}
          {PENDING_HINT}
        </span>
      </span>
    );
  }
  return (
    <span className="pending-badge-group">
      <span className="pending-badge pending-badge--failed">{NOT_SAVED_TEXT}</span>
      {mark.message && <span className="pending-badge__message">: {mark.message}</span>}
    </span>
  );
}

/** Discard of a refused change: asks first, naming what goes with it; reports a failure. */
function useDiscard(actions: PendingChangeActions, setBusy: (busy: boolean) => void) {
  const modals = useModals();
  return async (mark: PendingMark) => {
    const dependents = await actions.dependentLabels(mark.seq);
    const alsoLost = dependents.length
      ? ` ${dependents.length === 1 ? 'This change depends on it and' : 'These changes depend on it and'} will be discarded too: ${dependents.map((label) => `“${label}”`).join(', ')}.`
      : '';
    if (!(await modals.confirm(`Discard “${mark.label}”? It has not reached the server and will be lost.${alsoLost}`))) return;
    setBusy(true);
    try {
      await actions.discard(mark.seq);
    } catch (error) {
      notify({
        level: 'error',
        title: 'The change was not discarded.',
        description: error instanceof Error ? error.message : String(error),
      });
    } finally {
      setBusy(false);
    }
  };
}

/** Whose change this is, in place of the actions only its author may take. */
function OthersChange({ author }: { author: string }) {
  return <span className="pending-badge__message">{othersChangeNote(author)}</span>;
}

/** Retry (send again) or Discard (drop it, with what depends on it, after asking) a change the server refused. */
export function FailedChangeActions({ mark, actions }: { mark: PendingMark; actions: PendingChangeActions }) {
  const [busy, setBusy] = useState(false);
  const discard = useDiscard(actions, setBusy);
  const author = otherAuthor(mark.author, actions.signedInUser());
  if (author) return <OthersChange author={author} />;

  async function retry() {
    setBusy(true);
    try {
      await actions.retry(mark.seq);
    } finally {
      setBusy(false);
    }
  }

  return (
    <span className="failed-actions">
      <button type="button" className="button" disabled={busy} aria-label={`Retry ${mark.label}`} onClick={() => void retry()}>
        Retry
      </button>
      <button type="button" className="button" disabled={busy} aria-label={`Discard ${mark.label}`} onClick={() => void discard(mark)}>
        Discard
      </button>
    </span>
  );
}

/** A change refused with 409: mine beside theirs, and the choice (ui/conflict-view.tsx). The record is read again after. */
export function ConflictResolution({
  mark,
  conflict,
  actions,
}: {
  mark: PendingMark;
  conflict: ChangeConflict;
  actions: PendingChangeActions;
}) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const discard = useDiscard(actions, setBusy);
  // Settling can drop the change (Keep theirs) or rewrite it: another user's conflict waits for them.
  const author = otherAuthor(mark.author, actions.signedInUser());
  if (author) return <OthersChange author={author} />;

  async function choose(choice: ConflictChoice) {
    setBusy(true);
    try {
      await actions.resolveConflict(mark.seq, choice);
      await queryClient.invalidateQueries();
    } catch (error) {
      notify({
        level: 'error',
        title: 'The conflict was not settled.',
        description: error instanceof Error ? error.message : String(error),
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <ConflictView
      conflict={conflict}
      label={mark.label}
      busy={busy}
      onChoose={(choice) => void choose(choice)}
      onDiscard={() => void discard(mark)}
    />
  );
}

/** Every change of a record (or a list) the server refused, each with its message, Retry and Discard. */
export function FailuresBanner({ failures, actions }: { failures: readonly PendingMark[]; actions: PendingChangeActions }) {
  const titleId = useId();
  if (failures.length === 0) return null;
  return (
    <section className="change-failures" role="alert" aria-labelledby={titleId}>
      <h2 id={titleId} className="change-failures__title">
        {failures.length === 1 ? 'A change was not saved' : `${failures.length} changes were not saved`}
      </h2>
      <ul className="change-failures__list">
        {failures.map((mark) => (
          <li key={mark.seq} className="change-failures__item">
            <span>
              <strong>{mark.label}</strong>
              {mark.message && `: ${mark.message}`}
            </span>
            {mark.conflict ? (
              <ConflictResolution mark={mark} conflict={mark.conflict} actions={actions} />
            ) : (
              <FailedChangeActions mark={mark} actions={actions} />
            )}
          </li>
        ))}
      </ul>
      <PathLink href="/pending-changes">See all pending changes</PathLink>
    </section>
  );
}
