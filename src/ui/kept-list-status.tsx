import { KeptListProgress, type KeptListProgressProps } from './kept-list-progress';

export interface KeptListStatusProps {
  /** What the list holds, e.g. 'quotes'. */
  what: string;
  progress: KeptListProgressProps['progress'];
  shortOfSpace: KeptListProgressProps['shortOfSpace'];
  /** How old the device's copy shown is (e.g. '3 hours ago'), when the server could not be reached. */
  savedAge: string | undefined;
  /** The list could not be read at all; `offline` when for want of a connection. */
  failed: { offline: boolean; retry: () => void } | undefined;
}

/** A kept list's state above it: the first download's progress, the age of the copy shown offline, or why it is empty. */
export function KeptListStatus({ what, progress, shortOfSpace, savedAge, failed }: KeptListStatusProps) {
  return (
    <>
      <KeptListProgress progress={progress} shortOfSpace={shortOfSpace} what={what} />
      {savedAge !== undefined && (
        <p className="notice notice--info" role="status">
          Saved copy of the {what}, updated {savedAge}. It refreshes when the connection is back.
        </p>
      )}
      {failed && (
        <div className="notice notice--warning" role="alert">
          {failed.offline ? `You are offline and no copy of the ${what} is saved on this device yet.` : `The ${what} could not be loaded.`}{' '}
          <button type="button" className="button button--link" onClick={failed.retry}>
            Try again
          </button>
        </div>
      )}
    </>
  );
}
