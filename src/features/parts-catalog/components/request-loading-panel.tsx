import { isOfflineError } from '../../../lib/http';
import { describeAge } from '../../../offline/age';
import { NotOnDevice } from '../../../ui/not-on-device';
import { SidePanel, SidePanelCancel } from '../../../ui/side-panel';

/** How a panel's read went: its error, or (while it waits to retry, offline) the last failure. */
export interface PanelRead {
  error: unknown;
  failureReason: unknown;
}

/** Why a read has nothing to show, if it failed: offline, its retries wait for the connection with no error set. */
export const problemOf = (read: PanelRead) => read.error ?? read.failureReason;

/**
 * A panel (Part Form, approval, revert) until its request has loaded, or why it could not be: not on this device,
 * said plainly with nothing to try again (issue 19), or a failure.
 */
export function RequestLoadingPanel({ title, closeTo, read, what }: { title: string; closeTo: string; read: PanelRead; what: string }) {
  const problem = problemOf(read);
  return (
    <SidePanel title={title} closeTo={closeTo} footer={<SidePanelCancel>Close</SidePanelCancel>}>
      {isOfflineError(problem) ? (
        <NotOnDevice what={what} />
      ) : read.error ? (
        <p className="notice notice--warning" role="alert">
          This {what} could not be loaded.
        </p>
      ) : (
        <p className="page__loading">Loading the {what}…</p>
      )}
    </SidePanel>
  );
}

/** The notice of a panel showing the copy kept on the device: how old it is, and that changes need the connection. */
export function SavedCopyNotice({ storedAt, changes, extra }: { storedAt: number; changes: string; extra?: string }) {
  return (
    <p className="notice notice--info" role="status">
      Saved copy, updated {describeAge(storedAt, Date.now())}. {changes} need the connection.{extra ? ` ${extra}` : ''}
    </p>
  );
}
