import type { ChangeHistoryStatus, PartDisplayStatus } from '../../../contract';

/** A part's display status (spec 3 §4) or a change request's, in words and colour. */
export function StatusBadge({ status }: { status: PartDisplayStatus | ChangeHistoryStatus }) {
  return <span className={`catalog-status catalog-status--${status.toLowerCase()}`}>{status}</span>;
}
