import { formatBytes } from '../lib/formats';
import './kept-list-progress.css';

export interface KeptListProgressProps {
  /** Rows so far of the total while a list is first made available offline. */
  progress: { received: number; total: number } | undefined;
  /** Set when the device has less free space than the list needs. */
  shortOfSpace: { needed: number; available: number } | undefined;
  /** What the list holds, e.g. 'work orders'. */
  what: string;
}

/** The first download of a kept list (offline/kept-lists.ts): a progress bar, and a warning when the device is short of space. */
export function KeptListProgress({ progress, shortOfSpace, what }: KeptListProgressProps) {
  const rows = new Intl.NumberFormat('en-US');
  return (
    <>
      {shortOfSpace && (
        <p className="notice notice--warning" role="alert">
          This device is short of space: keeping the {what} offline needs about {formatBytes(shortOfSpace.needed)} and{' '}
          {formatBytes(shortOfSpace.available)} is free. Free some space, or some {what} will not be available offline.
        </p>
      )}
      {progress && progress.total > 0 && (
        <div className="kept-list-progress" role="status">
          <label>
            Making {what} available offline ({rows.format(Math.min(progress.received, progress.total))} of {rows.format(progress.total)})
            <progress max={progress.total} value={Math.min(progress.received, progress.total)} />
          </label>
        </div>
      )}
    </>
  );
}
