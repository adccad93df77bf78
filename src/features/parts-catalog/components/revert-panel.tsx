import { useQueryClient } from '@tanstack/react-query';
import { CATALOG_ADMIN_TEXT, changeHistoryStatus, revertBlockingMessage, type ChangeResult } from '../../../contract';
import { isHttpError } from '../../../lib/http';
import { notify } from '../../../lib/notifier';
import { useModals } from '../../../ui/modals';
import { SidePanel, SidePanelCancel, useSidePanelClose } from '../../../ui/side-panel';
import { notifyChangeFailure, reloadListsSoon, useChangeResult, useRevertChange } from '../api';
import { PartCard } from './part-form-panel';
import { RequestLoadingPanel, SavedCopyNotice } from './request-loading-panel';
import { StatusBadge } from './status-badge';

/** spec 3 §2: the revert form's title by the request's decision. */
export const revertTitle = (result: Pick<ChangeResult, 'approved'> | undefined) =>
  result?.approved ? CATALOG_ADMIN_TEXT.revertApproved : CATALOG_ADMIN_TEXT.revertDeclined;

/** Said after a revert (the spec names no toast for it). */
const revertedMessage = (combinedPartNumber: string) => `Request for part ${combinedPartNumber} has been reverted.`;

function RevertForm({ result, closeTo, storedAt }: { result: ChangeResult; closeTo: string; storedAt?: number }) {
  const queryClient = useQueryClient();
  const modals = useModals();
  const close = useSidePanelClose(closeTo);
  const revert = useRevertChange();
  const status = changeHistoryStatus({ approved: result.approved, revertedDate: result.reverted ? 'yes' : null });

  const run = async () => {
    // spec 3 §4, §5: a blocked revert says why and asks nothing; otherwise 'Do you wish to continue?' (Reverting).
    const blocking = revertBlockingMessage(result);
    if (blocking) return modals.message(blocking);
    if (!(await modals.confirm(CATALOG_ADMIN_TEXT.confirmRevert, CATALOG_ADMIN_TEXT.revertHeader))) return;
    try {
      await revert.mutateAsync(result.partsCatalogHistoryId);
      notify({ level: 'success', title: revertedMessage(result.requestedPart.combinedPartNumber) });
      reloadListsSoon(queryClient);
      close();
    } catch (error) {
      // The server's rules are the last word: a revert blocked meanwhile answers 400 with its message.
      if (isHttpError(error, 400)) await modals.message(error.body?.message ?? 'Cannot revert this request.');
      else notifyChangeFailure(error);
    }
  };

  return (
    <SidePanel
      title={revertTitle(result)}
      closeTo={closeTo}
      size="large"
      locked={revert.isPending}
      description={`Plant ${result.requestedByPlant} · part ${result.requestedPart.combinedPartNumber}`}
      footer={
        <>
          <SidePanelCancel>Close</SidePanelCancel>
          {!result.reverted && result.approved !== null && (
            <button
              type="button"
              className="button button--primary"
              onClick={() => void run()}
              disabled={revert.isPending}
              aria-busy={revert.isPending}
            >
              {revert.isPending ? 'Reverting...' : 'Revert'}
            </button>
          )}
        </>
      }
    >
      {storedAt !== undefined && <SavedCopyNotice storedAt={storedAt} changes="Reverts" />}
      <dl className="catalog-part-facts catalog-revert__facts">
        <dt>Status</dt>
        <dd>
          <StatusBadge status={status} />
        </dd>
        <dt>Reviewed by</dt>
        <dd>
          {result.reviewedBy || '—'}
          {result.reviewDate && ` on ${new Date(result.reviewDate).toLocaleDateString('en-US')}`}
        </dd>
        <dt>Comment</dt>
        <dd>{result.comment || <em>None</em>}</dd>
      </dl>
      {result.reverted && (
        <p className="notice notice--info" role="status">
          This request has been reverted.
        </p>
      )}
      <div className="catalog-part-versions">
        <PartCard title="Requested" part={result.requestedPart} />
        {result.previousPart ? (
          <PartCard title="Previous" part={result.previousPart} />
        ) : (
          <p className="catalog-part-versions__none">No previous version: the part was new to the catalog.</p>
        )}
      </div>
    </SidePanel>
  );
}

/**
 * spec 3 §2 'Revert Approved Part' / 'Revert Declined Part' over the history list. A request opened before is kept on
 * the device and opens offline with its age; one never opened is not on this device (issue 19).
 */
export function RevertPanel({ partsCatalogHistoryId, closeTo }: { partsCatalogHistoryId: number; closeTo: string }) {
  const result = useChangeResult(partsCatalogHistoryId);
  if (result.data) {
    return (
      <RevertForm
        key={result.data.storedAt}
        result={result.data.data}
        closeTo={closeTo}
        storedAt={result.data.fromCache ? result.data.storedAt : undefined}
      />
    );
  }
  return <RequestLoadingPanel title="Revert Part" closeTo={closeTo} read={result} what="change request" />;
}
