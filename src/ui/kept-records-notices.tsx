import type { ReactNode } from 'react';
import { KEPT_LIST_RULES } from '../contract/kept-lists';
import { isOfflineError } from '../lib/http';
import { KeptListProgress, type KeptListProgressProps } from './kept-list-progress';

/*
 * What the lists of records kept whole offline (work orders, parts orders; spec 3 §2) say above their rows: how old
 * the copy shown is, how many records the device holds and by which rule, the first download's progress, the records
 * being made available offline, and why there is nothing to show.
 */

/** The list's query as these notices read it. */
export interface KeptRecordsQuery {
  isPending: boolean;
  isError: boolean;
  fetchStatus: string;
  data?: unknown;
  error: unknown;
  refetch: () => unknown;
}

/** Loading while the first read is under way; failed when it ended in an error with nothing to show. */
export const keptRecordsQueryState = (query: KeptRecordsQuery) => ({
  loading: query.isPending && query.fetchStatus === 'fetching',
  failed: query.isError && !query.data,
});

/** The lists of records kept whole, and what each holds. */
const KEPT_RECORDS = { workOrders: 'work orders', partsOrders: 'parts orders' } as const;

export interface KeptRecordsNoticesProps {
  /** The list's block class: its notices are `${className}__age`, `__kept` and `__error`. */
  className: string;
  /** Which list: what it holds, and the device's rule of which records it keeps (contract/kept-lists.ts). */
  kind: keyof typeof KEPT_RECORDS;
  /** How many records the device holds. */
  keptCount: number;
  view: { fromCache: boolean; query: KeptRecordsQuery } & Pick<KeptListProgressProps, 'progress' | 'shortOfSpace'>;
  /** How old the device's copy shown is (offline/age describeAge), when it has one. */
  savedAge: string | undefined;
  /** The records being made available offline (PrimingProgress), between the download's progress and an error. */
  children?: ReactNode;
}

export function KeptRecordsNotices({ className, kind, keptCount, view, savedAge, children }: KeptRecordsNoticesProps) {
  const what = KEPT_RECORDS[kind];
  const { query } = view;
  return (
    <>
      {view.fromCache && savedAge !== undefined && (
        <p className={`notice notice--info ${className}__age`} role="status">
          Saved copy, updated {savedAge}. It refreshes when the connection is back.
        </p>
      )}
      {view.fromCache && (
        <p className={`notice notice--info ${className}__kept`} role="status">
          This device holds {keptCount.toLocaleString('en-US')} {what}: {KEPT_LIST_RULES[kind].toLowerCase()}. The rest need a connection.
        </p>
      )}
      <KeptListProgress progress={view.progress} shortOfSpace={view.shortOfSpace} what={what} />
      {children}
      {keptRecordsQueryState(query).failed && (
        <div className={`notice notice--warning ${className}__error`} role="alert">
          {isOfflineError(query.error)
            ? `You are offline and no copy of the ${what} is saved on this device yet. They load when the connection is back.`
            : `The ${what} could not be loaded.`}{' '}
          <button type="button" className="button button--link" onClick={() => void query.refetch()}>
            Try again
          </button>
        </div>
      )}
    </>
  );
}

/** Records being made available offline: '<label> (done of total)' with a progress bar, while it lasts. */
export function PrimingProgress({
  className,
  label,
  priming,
}: {
  className: string;
  label: string;
  priming: { done: number; total: number } | undefined;
}) {
  if (!priming) return null;
  return (
    <div className={className} role="status">
      <label>
        {label} ({priming.done} of {priming.total})
        <progress max={priming.total} value={priming.done} />
      </label>
    </div>
  );
}
