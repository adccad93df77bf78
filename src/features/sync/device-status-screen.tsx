import { Link } from '@tanstack/react-router';
import { useState, useSyncExternalStore } from 'react';
import { notify } from '../../lib/notifier';
import { describeAge } from '../../offline/age';
import { ChangesWaitingError, refreshKeptLists, removeDeviceData, type KeptListOnDevice } from '../../offline/device-status';
import type { KeptList } from '../../offline/kept-lists';
import { liveChangesState, type LiveChangesState } from '../../offline/live-changes';
import { getOffline, syncNow } from '../../offline/runtime';
import { useConnection } from '../../offline/use-connection';
import { useDeviceContents } from '../../offline/use-device-contents';
import { useNow } from '../../offline/use-now';
import { useOutboxSummary } from '../../offline/use-outbox';
import { useModals } from '../../ui/modals';
import { megabytes, StorageUse } from './storage-use';
import { PENDING_CHANGES_PATH } from './sync-paths';
import './sync.css';

export const LIVE_CHANGES_TEXT: Record<LiveChangesState, string> = {
  connected: 'Connected: changes made elsewhere reach this device within seconds.',
  reconnecting: 'Reconnecting…',
  off: 'Off: lists refresh when you open them, come back to the app, or press Sync now.',
};

export const SYNC_NOW_OFFLINE_REASON = 'You are offline. Sync now needs a connection.';
export const REMOVE_CONFIRM_TEXT =
  "Remove this device's data? Every list, record and document kept on this device for offline use is deleted, and you are signed out. Nothing on the server changes.";
export const REMOVED_MESSAGE = "This device's data was removed.";
export const NO_LISTS_MESSAGE = 'No lists are kept on this device yet. A list is kept once you open it.';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
/** Sizes of kept lists: a small list reads in KB (at least 1 KB when it has rows), a big one in MB. */
const size = (bytes: number) =>
  bytes === 0 ? '0 KB' : bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : megabytes(bytes);

interface DeviceStatusProps {
  /** The signed-in user's scope (entities/view-scope): Sync now refreshes the copies of it. */
  scope: string;
  /** Finds a kept list's KeptList by its syncState key (app/kept-list-sources.ts). */
  openKeptList: (list: string) => Promise<KeptList<unknown> | undefined>;
  /** Signs out, once the device's data is removed (the tablet is handed over clean: README, Offline). */
  signOut: () => void;
}

type SyncRun = { step: 'sending' } | { step: 'refreshing'; done: number; total: number } | { step: 'done'; text: string; failed: boolean };

/**
 * Device status (issue 23 §4): each list kept on this device with its rows, last sync and size; live changes; the
 * storage used and whether it is persistent; Sync now; and Remove this device's data for a shared or handed-over tablet.
 */
export function DeviceStatusScreen({ scope, openKeptList, signOut }: DeviceStatusProps) {
  const contents = useDeviceContents();
  const live = useSyncExternalStore(liveChangesState.subscribe, liveChangesState.current, liveChangesState.current);
  const connection = useConnection();
  const { pending, failed } = useOutboxSummary();
  const now = useNow(30_000);
  const [run, setRun] = useState<SyncRun>();
  const offline = connection === 'offline';
  const running = run !== undefined && run.step !== 'done';

  async function syncEverything() {
    setRun({ step: 'sending' });
    try {
      setRun(await syncAndRefresh());
    } catch (error) {
      // Replay and refresh report their own failures; this is the store itself failing (./store-lost.ts says so too).
      setRun({ step: 'done', text: `Sync did not finish: ${error instanceof Error ? error.message : String(error)}`, failed: true });
    }
  }

  async function syncAndRefresh(): Promise<SyncRun> {
    const sent = await syncNow();
    // No replay ran when the queue waits for a sign-in (or could not start): what waits is read from the queue then.
    const waiting = sent ? sent.remaining : await getOffline().db.outbox.count();
    const lists = contents?.lists ?? [];
    const outcomes = await refreshKeptLists(lists, scope, openKeptList, (done, total) => setRun({ step: 'refreshing', done, total }));
    const notRefreshed = outcomes.filter((outcome) => !outcome.refreshed);
    const parts = [
      sent && sent.sent > 0 ? `Sent ${plural(sent.sent, 'change')}.` : undefined,
      waiting > 0 ? `${plural(waiting, 'change')} still waiting (see Pending changes).` : undefined,
      outcomes.length > 0 && notRefreshed.length === 0 ? `${plural(outcomes.length, 'list')} up to date.` : undefined,
      notRefreshed.length > 0 ? `Could not refresh: ${notRefreshed.map((outcome) => outcome.name).join(', ')}.` : undefined,
    ].filter(Boolean);
    return {
      step: 'done',
      text: parts.length ? parts.join(' ') : 'Everything is up to date.',
      failed: notRefreshed.length > 0 || waiting > 0,
    };
  }

  return (
    <section className="device-status" aria-labelledby="device-status-title">
      <header className="device-status__header">
        <h1 id="device-status-title">Device status</h1>
        <Link to={PENDING_CHANGES_PATH}>Pending changes ({pending + failed})</Link>
      </header>

      <section className="device-status__part" aria-labelledby="device-status-sync">
        <h2 id="device-status-sync">Sync</h2>
        <p>
          <strong>Live changes:</strong> {LIVE_CHANGES_TEXT[live]}
        </p>
        <div className="device-status__actions">
          <button
            type="button"
            className="button button--primary"
            onClick={() => void syncEverything()}
            disabled={offline || running}
            aria-describedby={offline ? 'device-status-offline' : undefined}
          >
            {running ? 'Syncing…' : 'Sync now'}
          </button>
          {offline && <span id="device-status-offline">{SYNC_NOW_OFFLINE_REASON}</span>}
        </div>
        <p role="status" className={run?.step === 'done' && run.failed ? 'device-status__result--failed' : undefined}>
          {run?.step === 'sending' && 'Sending waiting changes…'}
          {run?.step === 'refreshing' && `Refreshing lists: ${run.done} of ${run.total}…`}
          {run?.step === 'done' && run.text}
        </p>
      </section>

      <section className="device-status__part" aria-labelledby="device-status-lists">
        <h2 id="device-status-lists">Kept on this device</h2>
        {contents && contents.lists.length === 0 && <p>{NO_LISTS_MESSAGE}</p>}
        {contents && contents.lists.length > 0 && (
          <table className="device-status__lists">
            <thead>
              <tr>
                <th scope="col">List</th>
                <th scope="col">What it keeps</th>
                <th scope="col">Rows</th>
                <th scope="col">Last sync</th>
                <th scope="col">Size (about)</th>
              </tr>
            </thead>
            <tbody>
              {contents.lists.map((list) => (
                <KeptListRow key={list.list} list={list} now={now} />
              ))}
            </tbody>
          </table>
        )}
        {contents && (
          <p className="device-status__also">
            Also kept: {plural(contents.keptRecords, 'record')} for offline reading, {plural(contents.documents.count, 'document')}
            {contents.documents.count > 0 && ` (${size(contents.documents.bytes)})`}.
          </p>
        )}
        <StorageUse className="device-status__storage" offerPersistence />
      </section>

      <RemoveDeviceData waiting={pending + failed} signOut={signOut} />
    </section>
  );
}

function KeptListRow({ list, now }: { list: KeptListOnDevice; now: number }) {
  return (
    <tr>
      <th scope="row">{list.name}</th>
      <td>{list.rule}</td>
      <td>
        {list.rows.toLocaleString('en-US')}
        {!list.complete && ' (download not finished)'}
      </td>
      <td>{list.syncedAt === undefined ? 'Never' : describeAge(list.syncedAt, now)}</td>
      <td>{size(list.bytes)}</td>
    </tr>
  );
}

/** For a shared or handed-over tablet: asks first, and refuses while any change waits to reach the server. */
function RemoveDeviceData({ waiting, signOut }: { waiting: number; signOut: () => void }) {
  const modals = useModals();
  const [refusal, setRefusal] = useState<string>();
  const [removing, setRemoving] = useState(false);

  async function remove() {
    setRefusal(undefined);
    if (waiting > 0) {
      setRefusal(new ChangesWaitingError(waiting).message);
      return;
    }
    if (!(await modals.confirm(REMOVE_CONFIRM_TEXT))) return;
    setRemoving(true);
    try {
      // Checked again in the removal's own transaction: a change queued meanwhile (another tab) still stops it.
      await removeDeviceData(getOffline().db);
    } catch (error) {
      setRemoving(false);
      if (error instanceof ChangesWaitingError) setRefusal(error.message);
      else notify({ level: 'error', title: "This device's data was not removed.", description: String(error) });
      return;
    }
    notify({ level: 'success', title: REMOVED_MESSAGE });
    signOut();
  }

  return (
    <section className="device-status__part" aria-labelledby="device-status-remove">
      <h2 id="device-status-remove">Remove this device&apos;s data</h2>
      <p>Before this tablet goes to someone else: deletes everything kept here for offline use and signs you out.</p>
      <button type="button" className="button" onClick={() => void remove()} disabled={removing}>
        Remove this device&apos;s data
      </button>
      {refusal && (
        <p role="alert" className="device-status__refusal">
          {refusal} <Link to={PENDING_CHANGES_PATH}>Review pending changes</Link>
        </p>
      )}
    </section>
  );
}
