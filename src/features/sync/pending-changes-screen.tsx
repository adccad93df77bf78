import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { notify } from '../../lib/notifier';
import { describeAge } from '../../offline/age';
import type { OutboxEntry } from '../../offline/db';
import { useOnline } from '../../offline/use-connection';
import { useNow } from '../../offline/use-now';
import { useOutboxEntries, useOutboxSummary } from '../../offline/use-outbox';
import { othersChangeNote } from '../../lib/pending-mark';
import { entryConflict, pendingMarkOf } from '../../offline/conflicts';
import { discardEntry, getOffline, outboxActions, retryEntry, syncNow } from '../../offline/runtime';
import { ConflictResolution } from '../../ui/pending-marks';
import { useModals } from '../../ui/modals';
import { describeEntries, type EntryState } from './entry-state';
import { StorageUse } from './storage-use';
import { DEVICE_STATUS_PATH, SIGN_IN_AGAIN_PATH } from './sync-paths';
import './sync.css';

export const NOTHING_PENDING_MESSAGE = 'No changes are waiting. Everything you entered has reached the server.';

/** Every change made offline that has not reached the server yet: what it is, where it stands, and what to do about it. */
export function PendingChangesScreen() {
  const entries = useOutboxEntries() ?? [];
  const { pending, failed, paused, syncing, lastSync } = useOutboxSummary();
  const online = useOnline();
  const now = useNow(5_000);
  const states = describeEntries(entries, { now, online, paused, signedIn: getOffline().currentUser() });

  return (
    <section className="pending-changes" aria-labelledby="pending-changes-title">
      <header className="pending-changes__header">
        <h1 id="pending-changes-title">Pending changes</h1>
        <p className="pending-changes__summary">
          {online ? 'Online' : 'Offline'} · {pending} waiting · {failed} failed
          {lastSync !== undefined && <> · last change saved {describeAge(lastSync, now)}</>}
        </p>
        <button
          type="button"
          className="button button--primary"
          onClick={() => void syncNow()}
          disabled={syncing || !!paused || pending === 0}
        >
          {syncing ? 'Syncing…' : 'Sync now'}
        </button>
        <Link to={DEVICE_STATUS_PATH}>Device status</Link>
      </header>

      {paused && (
        <p className="pending-changes__paused" role="alert">
          {paused.error.message} <Link to={SIGN_IN_AGAIN_PATH}>Sign in again</Link>
        </p>
      )}

      {entries.length === 0 ? (
        <p className="pending-changes__empty">{NOTHING_PENDING_MESSAGE}</p>
      ) : (
        <ol className="pending-changes__list">
          {entries.map((entry, index) => (
            <PendingChange key={entry.id} entry={entry} state={states[index]!} now={now} />
          ))}
        </ol>
      )}

      <StorageUse className="pending-changes__storage" />
    </section>
  );
}

function PendingChange({ entry, state, now }: { entry: OutboxEntry; state: EntryState; now: number }) {
  const modals = useModals();
  const [busy, setBusy] = useState(false);
  const fileCount = entry.fileIds.length;
  const conflict = entryConflict(entry);

  async function retry() {
    setBusy(true);
    try {
      await retryEntry(entry.seq!);
    } finally {
      setBusy(false);
    }
  }

  async function discard() {
    const dependents = await getOffline().outbox.dependentsOf(entry.seq!);
    const alsoLost = dependents.length
      ? ` ${dependents.length === 1 ? 'This change depends on it and' : 'These changes depend on it and'} will be discarded too: ${dependents.map((d) => `“${d.label}”`).join(', ')}.`
      : '';
    const confirmed = await modals.confirm(`Discard “${entry.label}”? It has not reached the server and will be lost.${alsoLost}`);
    if (!confirmed) return;
    setBusy(true);
    try {
      await discardEntry(entry.seq!);
    } catch (error) {
      notify({
        level: 'error',
        title: 'The change was not discarded.',
        description: error instanceof Error ? error.message : String(error),
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className={`pending-change pending-change--${state.tone}`} aria-label={entry.label}>
      <div className="pending-change__what">
        <span className="pending-change__label">{entry.label}</span>
        <span className="pending-change__details">
          Entered {describeAge(entry.createdAt, now)}
          {fileCount > 0 && ` · ${fileCount} file${fileCount === 1 ? '' : 's'}`}
        </span>
      </div>
      <p className="pending-change__state">{state.text}</p>
      {state.error && !conflict && (
        <p className="pending-change__error" role={state.tone === 'failed' ? 'alert' : undefined}>
          {state.error}
        </p>
      )}
      {state.author && entry.status === 'failed' ? (
        <p className="pending-change__state">{othersChangeNote(state.author)}</p>
      ) : conflict ? (
        <ConflictResolution mark={pendingMarkOf(entry)} conflict={conflict} actions={outboxActions} />
      ) : (
        (state.canRetry || state.canDiscard) && (
          <div className="pending-change__actions">
            {state.canRetry && (
              <button type="button" className="button button--primary" onClick={() => void retry()} disabled={busy}>
                Retry
              </button>
            )}
            {state.canDiscard && (
              <button type="button" className="button" onClick={() => void discard()} disabled={busy}>
                Discard
              </button>
            )}
          </div>
        )
      )}
    </li>
  );
}
