import { useStore } from '@tanstack/react-form';
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import * as v from 'valibot';
import { CATALOG_ADMIN_TEXT, type CatalogChangeRequest } from '../../../contract';
import { notify } from '../../../lib/notifier';
import { revalidateLogic, useAppForm } from '../../../ui/form';
import { SidePanel, SidePanelCancel, useSidePanelClose } from '../../../ui/side-panel';
import { notifyChangeFailure, reloadListsSoon, useChangeRequest, useDecideChangeRequest } from '../api';
import { formText } from './part-details-fields';
import { PartCard } from './part-form-panel';
import { RequestLoadingPanel, SavedCopyNotice } from './request-loading-panel';

interface ReviewValues {
  friendlyDescription: string;
  comment: string;
}
const reviewSchema = v.object({ friendlyDescription: formText(200), comment: formText(1000) });

function ApprovalForm({ request, closeTo, storedAt }: { request: CatalogChangeRequest; closeTo: string; storedAt?: number }) {
  const queryClient = useQueryClient();
  const close = useSidePanelClose(closeTo);
  const decide = useDecideChangeRequest();
  const descriptionRef = useRef<HTMLInputElement>(null);
  const pending = request.pendingPart;
  const reviewable = pending.active && !pending.approved;
  const form = useAppForm({
    defaultValues: { friendlyDescription: pending.friendlyDescription, comment: '' } as ReviewValues,
    validationLogic: revalidateLogic(),
    validators: { onDynamic: reviewSchema },
  });
  const values = useStore(form.store, (state) => state.values);
  const dirty = useStore(form.store, (state) => state.isDirty);
  const canApprove = values.friendlyDescription.trim() !== '';

  const review = async (isApproved: boolean) => {
    // spec 3 §5: approval needs a friendly description (without one it silently does nothing); decline does not.
    if (isApproved && !canApprove) return;
    try {
      await decide.mutateAsync({
        approvedPart: request.approvedPart,
        pendingPart: { ...pending, friendlyDescription: values.friendlyDescription.trim() },
        isApproved,
        comment: values.comment.trim(),
      });
      notify({
        level: 'success',
        title: isApproved
          ? CATALOG_ADMIN_TEXT.approved(pending.combinedPartNumber)
          : CATALOG_ADMIN_TEXT.declined(pending.combinedPartNumber),
      });
      reloadListsSoon(queryClient);
      close();
    } catch (error) {
      notifyChangeFailure(error);
    }
  };
  const busy = decide.isPending;

  return (
    <SidePanel
      title={CATALOG_ADMIN_TEXT.approvalForm}
      closeTo={closeTo}
      size="large"
      dirty={dirty && !busy}
      locked={busy}
      initialFocus={descriptionRef}
      onSubmit={() => void review(true)}
      description={`Plant ${pending.plantNumber} · part ${pending.combinedPartNumber} · ${pending.categoryDescription} › ${pending.commodityDescription}`}
      footer={
        <>
          <SidePanelCancel />
          {reviewable && (
            <>
              <button type="button" className="button" onClick={() => void review(false)} disabled={busy}>
                Decline
              </button>
              <button type="submit" className="button button--primary" disabled={busy || !canApprove} aria-busy={busy}>
                Approve
              </button>
            </>
          )}
        </>
      }
    >
      {storedAt !== undefined && <SavedCopyNotice storedAt={storedAt} changes="Reviews" />}
      <div className="catalog-part-versions">
        {request.approvedPart ? (
          <PartCard title="Approved" part={request.approvedPart} />
        ) : (
          <p className="catalog-part-versions__none">A new part: no approved version.</p>
        )}
        <PartCard title="Pending" part={pending} />
      </div>
      {reviewable ? (
        <div className="form catalog-part-form">
          <form.AppField name="friendlyDescription">
            {(field) => (
              <field.TextField
                label="Friendly description"
                required
                maxLength={200}
                disabled={busy}
                inputRef={descriptionRef}
                hint="Required to approve; you may reword it."
              />
            )}
          </form.AppField>
          <form.AppField name="comment">
            {(field) => <field.TextAreaField label="Comment" maxLength={1000} rows={3} disabled={busy} />}
          </form.AppField>
        </div>
      ) : (
        <p className="notice notice--info" role="status">
          This request was already reviewed.
        </p>
      )}
    </SidePanel>
  );
}

/**
 * spec 3 §2 'Part Approval Form' over the pending list: approve or decline, with a comment. A request opened before is
 * kept on the device and opens offline with its age; one never opened is not on this device (issue 19).
 */
export function PartApprovalPanel({ partsCatalogId, closeTo }: { partsCatalogId: number; closeTo: string }) {
  const request = useChangeRequest(partsCatalogId);
  if (request.data) {
    return (
      <ApprovalForm
        key={request.data.storedAt}
        request={request.data.data}
        closeTo={closeTo}
        storedAt={request.data.fromCache ? request.data.storedAt : undefined}
      />
    );
  }
  return <RequestLoadingPanel title={CATALOG_ADMIN_TEXT.approvalForm} closeTo={closeTo} read={request} what="change request" />;
}
