import { Link } from '@tanstack/react-router';
import { notify } from '../../lib/notifier';
import type { Connection } from '../../lib/reachability';
import { useConnection } from '../../offline/use-connection';
import { useOutboxEvents, useOutboxProgress, useOutboxSummary } from '../../offline/use-outbox';
import { syncNow } from '../../offline/runtime';
import { PENDING_CHANGES_PATH, SIGN_IN_AGAIN_PATH } from './sync-paths';
import './sync.css';

/** What the badge says of the connection (issue 19: the server may be down while the network is up). */
export const CONNECTION_TEXT: Record<Connection, string> = {
  online: 'Online',
  offline: 'Offline',
  unreachable: "Server can't be reached",
};

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * Header badge: online, offline or the server unreachable, how many changes wait and how many failed, and "Sync now".
 * It also tells the user, once, when the server refuses a queued change or the queue needs a sign-in.
 */
export function SyncBadge() {
  const connection = useConnection();
  const { pending, failed, paused, syncing } = useOutboxSummary();
  const progress = useOutboxProgress();

  useOutboxEvents((event) => {
    if (event.type === 'failed') {
      notify({
        level: 'warning',
        id: `outbox-failed-${event.entry.id}`,
        title: `“${event.entry.label}” was not saved.`,
        description: event.error.message,
        action: { label: 'Review pending changes', href: PENDING_CHANGES_PATH },
      });
    } else if (event.type === 'paused') {
      notify({
        level: 'warning',
        id: 'outbox-paused',
        title: 'Sign in again to send your changes.',
        description: 'Your session has expired. Your changes are kept on this device until you sign in.',
        action: { label: 'Sign in', href: SIGN_IN_AGAIN_PATH },
      });
    }
  });

  const queued = pending + failed;
  const summary = [pending > 0 && `${plural(pending, 'change')} waiting`, failed > 0 && `${failed} failed`].filter(Boolean).join(', ');

  return (
    <div className={`sync-badge ${connection === 'online' ? 'sync-badge--online' : 'sync-badge--offline'}`}>
      <span className="sync-badge__connection" role="status">
        <span className="sync-badge__dot" aria-hidden="true" />
        {CONNECTION_TEXT[connection]}
      </span>
      {queued > 0 && (
        <Link
          to={PENDING_CHANGES_PATH}
          className={`sync-badge__queue${failed > 0 ? ' sync-badge__queue--failed' : ''}`}
          aria-label={`Pending changes: ${summary}`}
        >
          {summary}
        </Link>
      )}
      {paused && pending > 0 && (
        <Link to={SIGN_IN_AGAIN_PATH} className="sync-badge__sign-in">
          Sign in to send
        </Link>
      )}
      {progress && progress.total > 0 && <SyncProgress {...progress} />}
      {pending > 0 && !paused && (
        <button type="button" className="sync-badge__sync" onClick={() => void syncNow()} disabled={syncing}>
          {syncing ? 'Syncing…' : 'Sync now'}
        </button>
      )}
    </div>
  );
}

function SyncProgress({ sent, total, upload }: NonNullable<ReturnType<typeof useOutboxProgress>>) {
  const uploading = upload && upload.total > 0 ? upload.loaded / upload.total : 0;
  const label =
    upload && upload.loaded < upload.total
      ? `Uploading ${Math.round(uploading * 100)} % (change ${sent + 1} of ${total})`
      : `Sent ${sent} of ${total}`;
  return (
    <progress className="sync-badge__progress" max={total} value={Math.min(total, sent + uploading)} aria-label={label} title={label} />
  );
}
