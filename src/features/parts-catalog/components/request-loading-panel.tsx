import { isOfflineError } from '../../../lib/http';
import { SidePanel, SidePanelCancel } from '../../../ui/side-panel';

/** A change request's panel (approval, revert) until the request has loaded, or why it could not be loaded. */
export function RequestLoadingPanel({ title, closeTo, read }: { title: string; closeTo: string; read: { isError: boolean; error: unknown } }) {
  return (
    <SidePanel title={title} closeTo={closeTo} footer={<SidePanelCancel>Close</SidePanelCancel>}>
      {read.isError ? (
        <p className="notice notice--warning" role="alert">
          {isOfflineError(read.error) ? 'You are offline. This request will load when you are back online.' : 'This request could not be loaded.'}
        </p>
      ) : (
        <p className="page__loading">Loading the request…</p>
      )}
    </SidePanel>
  );
}
