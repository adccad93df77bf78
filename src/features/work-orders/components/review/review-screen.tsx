import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { notify } from '../../../../lib/notifier';
import { describeAge } from '../../../../offline/age';
import { useNow } from '../../../../offline/use-now';
import { outboxActions } from '../../../../offline/runtime';
import { useReviewActions } from '../../../../entities/review-actions';
import { useModals } from '../../../../ui/modals';
import { archiveCall, cancelRequestCall, submitCall } from '../../api/calls';
import { workOrderKeys } from '../../api/keys';
import { ARCHIVE_ERROR, WORK_ORDER_CONFIRMATIONS, WORK_ORDER_TOASTS } from '../../messages';
import { requestRef, type ServiceRequestView } from '../../model';
import { useWorkOrderWrite } from '../../use-work-order-write';
import { PathLink } from '../../../../ui/path-link';
import { FailuresBanner, PendingBadge } from '../../../../ui/pending-marks';
import { PendingTag, ReviewField, ReviewHeader, ReviewStatePage, ReviewSubmitButton, SavedCopyNotice } from '../../../../ui/record-review';
import { useReview } from './review-context';
import {
  accountAddressText,
  costText,
  homeownerText,
  plantText,
  refusalMessage,
  requestNumberText,
  requestTypeText,
  serviceDateText,
  statusText,
  submitIssues,
} from './review-model';
import { AttachmentsSection, PartsItemsSection, ServiceItemsSection } from './review-sections';
import { UploadProgress } from './upload-progress';
import './review.css';

export const SERVICE_PATH = '/service';
export const REVIEW_NOT_FOUND_MESSAGE = 'This work order was not found. It may have been removed, or it belongs to another retail center.';
export const REVIEW_LOAD_ERROR_MESSAGE = 'The work order could not be loaded.';
export const SUBMIT_BLOCKED_TITLE = 'This work order cannot be submitted yet:';
const CANCEL_FAILED = 'The work order was not canceled.';

const MADE_HERE = 'This request was made on this device and has not reached the server yet.';
const STATE_TEXTS = {
  title: 'Work Order',
  notFound: REVIEW_NOT_FOUND_MESSAGE,
  loadError: REVIEW_LOAD_ERROR_MESSAGE,
  what: 'work order',
  back: { href: SERVICE_PATH, label: 'Back to Service & Parts' },
};

/** spec 3 §2 Work order review: the request's header data, its items, parts and attachments, and the editor's actions. */
export function ReviewScreen() {
  const { state } = useReview();
  const queryClient = useQueryClient();
  const retry = () => void queryClient.invalidateQueries({ queryKey: workOrderKeys.all });
  if (state.status !== 'ready')
    return <ReviewStatePage status={state.status} pageClassName="work-order-review" texts={STATE_TEXTS} onRetry={retry} />;
  return <ReviewContent view={state.view} storedAt={state.storedAt} fromCache={state.fromCache} />;
}

const dateOrTbd = (value: string) => serviceDateText(value) || 'TBD';
const hours = (value: number) => `${value} ${value === 1 ? 'hour' : 'hours'}`;

function ReviewContent({ view, storedAt, fromCache }: { view: ServiceRequestView; storedAt: number | undefined; fromCache: boolean }) {
  const { editable, archivable, paths } = useReview();
  const now = useNow();
  const savedAge = storedAt === undefined ? undefined : describeAge(storedAt, now);
  const write = useWorkOrderWrite();
  const modals = useModals();
  const [busy, setBusy] = useState<'submit' | 'cancel' | 'archive' | null>(null);
  const [attempted, setAttempted] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const headingId = useId();
  const ref = requestRef(view);
  const staged = view.vantageWorkOrderId === null;
  // Checks shown after a Submit click follow the request as it is fixed.
  const issues = attempted ? submitIssues(view) : [];
  const archiving = view.pending?.label === archiveCall(ref).label && view.pending.state === 'pending';

  const actions = useReviewActions(setBusy, SERVICE_PATH, workOrderKeys.all, refusalMessage, setRefusal);

  async function submit() {
    setRefusal(undefined);
    setAttempted(true);
    if (submitIssues(view).length > 0) return actions.focusIssues();
    // spec 3 §4, §8: submit failure reloads the screen.
    await actions.submit(() => write(submitCall(ref), WORK_ORDER_TOASTS.submitted), 'The work order was not submitted.');
  }

  async function cancel() {
    if (!staged) {
      // spec 3 §8: asked for a submitted work order; confirming does nothing.
      await modals.confirm(WORK_ORDER_CONFIRMATIONS.cancelWorkOrder);
      return;
    }
    if (!(await modals.confirm(WORK_ORDER_CONFIRMATIONS.cancelStaged))) return;
    await actions.cancel(
      ref.key,
      () => write(cancelRequestCall(ref), WORK_ORDER_TOASTS.canceled),
      WORK_ORDER_TOASTS.canceled,
      CANCEL_FAILED,
    );
  }

  async function archive() {
    if (!(await modals.confirm(WORK_ORDER_CONFIRMATIONS.archive))) return;
    setBusy('archive');
    try {
      await write(archiveCall(ref), WORK_ORDER_TOASTS.archived);
    } catch {
      notify({ level: 'error', title: ARCHIVE_ERROR });
    } finally {
      setBusy(null);
    }
  }

  const blocked = issues.length > 0 || refusal !== undefined;
  return (
    <div className="page work-order-review">
      <ReviewHeader
        headingId={headingId}
        title={`Work Order ${requestNumberText(view)}`}
        status={statusText(view)}
        tags={
          <>
            {view.isArchived && <span className="review-tag">Archived</span>}
            <PendingBadge mark={view.pending} subject="work order" />
            <PendingTag label="Submit" mark={view.pendingSubmit} />
            <PendingTag label="Cancel" mark={view.pendingCancel} />
          </>
        }
        actions={
          <div className="review-actions">
            {editable && <ReviewSubmitButton busy={busy} onSubmit={() => void submit()} />}
            {editable && (
              <button type="button" className="button" disabled={busy !== null} onClick={() => void cancel()}>
                Cancel Work Order
              </button>
            )}
            {archivable && !archiving && (
              <button
                type="button"
                className="button"
                disabled={busy !== null}
                aria-busy={busy === 'archive'}
                onClick={() => void archive()}
              >
                Archive
              </button>
            )}
          </div>
        }
      >
        {view.vantageWorkOrderNumber && (
          <ReviewField label="Request number">{requestNumberText({ ...view, vantageWorkOrderNumber: null })}</ReviewField>
        )}
        <ReviewField label="Request type">{requestTypeText(view.requestType)}</ReviewField>
        <ReviewField label="Plant">{plantText(view)}</ReviewField>
        <ReviewField label="Serial number">
          {view.serialNumber} {/* spec 3 §2 /serviceHistory/{assetId}: the home's earlier requests, parts and warranty card. */}
          <PathLink href={`/serviceHistory/${view.assetId}`} aria-label={`Service history of ${view.serialNumber}`}>
            Service History
          </PathLink>
        </ReviewField>
        <ReviewField label="Model">{view.modelNumber}</ReviewField>
        <ReviewField label="Homeowner">{homeownerText(view)}</ReviewField>
        <ReviewField label="Address">{accountAddressText(view)}</ReviewField>
        <ReviewField label="Technician">{view.technician}</ReviewField>
      </ReviewHeader>

      <SavedCopyNotice fromCache={fromCache} savedAge={savedAge} pendingChanges={view.hasPendingChanges} madeHere={MADE_HERE} />
      <FailuresBanner failures={view.failures} actions={outboxActions} />
      <UploadProgress />
      {blocked && (
        <div ref={actions.issuesRef} tabIndex={-1} className="notice notice--warning review-issues" role="alert">
          <p className="review-issues__title">{SUBMIT_BLOCKED_TITLE}</p>
          <ul>
            {issues.map((issue) => (
              <li key={issue.field}>{issue.message}</li>
            ))}
            {refusal && <li>{refusal}</li>}
          </ul>
        </div>
      )}
      {!editable && view.canEdit && (view.pendingSubmit || view.pendingCancel) && (
        <p className="notice notice--info">
          {view.pendingCancel ? 'This request is being canceled' : 'This request is being submitted'}: it can be changed again once the
          server has it.
        </p>
      )}

      <section className="review-section card" aria-labelledby={`${headingId}-info`}>
        <div className="review-section__header">
          <h2 id={`${headingId}-info`}>Information</h2>
          {editable && paths && (
            <PathLink href={paths.information} className="button">
              Edit Information
            </PathLink>
          )}
        </div>
        <dl className="review-fields">
          <ReviewField label="Request type">{requestTypeText(view.requestType)}</ReviewField>
          <ReviewField label="Request date">{dateOrTbd(view.requestDate)}</ReviewField>
          <ReviewField label="Scheduled date">{dateOrTbd(view.scheduledDate)}</ReviewField>
          <ReviewField label="Start date">{dateOrTbd(view.startDate)}</ReviewField>
          <ReviewField label="End date">{dateOrTbd(view.endDate)}</ReviewField>
          <ReviewField label="Performed date">{dateOrTbd(view.performedDate)}</ReviewField>
          <ReviewField label="Trip time">{hours(view.tripTime)}</ReviewField>
          <ReviewField label="Mileage">{`${view.mileage} miles`}</ReviewField>
          <ReviewField label="Other costs">{costText(view.otherCosts)}</ReviewField>
        </dl>
      </section>

      <section className="review-section card" aria-labelledby={`${headingId}-additional`}>
        <div className="review-section__header">
          <h2 id={`${headingId}-additional`}>Additional Information</h2>
          {editable && paths && (
            <PathLink href={paths.additionalInformation} className="button">
              Edit Additional Information
            </PathLink>
          )}
        </div>
        <dl className="review-fields">
          <ReviewField label="Case subject">{view.caseSubject}</ReviewField>
          <ReviewField label="Description">
            <span className="review-multiline">{view.caseDescription}</span>
          </ReviewField>
          <ReviewField label="Technician">{view.technician}</ReviewField>
          <ReviewField label="Signature">{view.signatureOnFile ? 'On File' : 'Not Available'}</ReviewField>
          <ReviewField label="Under warranty">{view.isUnderWarranty ? 'Yes' : 'No'}</ReviewField>
        </dl>
      </section>

      <section className="review-section card" aria-labelledby={`${headingId}-costs`}>
        <div className="review-section__header">
          <h2 id={`${headingId}-costs`}>Costs</h2>
        </div>
        <dl className="review-fields review-fields--costs">
          <ReviewField label="Labor">{costText(view.laborCost)}</ReviewField>
          <ReviewField label="Parts">{costText(view.partsCost)}</ReviewField>
          <ReviewField label="Mileage">{costText(view.mileageCost)}</ReviewField>
          <ReviewField label="Driver">{costText(view.driverCost)}</ReviewField>
          <ReviewField label="Other">{costText(view.otherCosts)}</ReviewField>
          <ReviewField label="Total Service Cost">{costText(view.totalServiceCost)}</ReviewField>
          <ReviewField label="Total Combined Cost">{costText(view.totalCombinedCost)}</ReviewField>
        </dl>
      </section>

      <ServiceItemsSection view={view} />
      <PartsItemsSection view={view} />
      <AttachmentsSection view={view} />
    </div>
  );
}
