import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useId, useRef, useState, type ReactNode } from 'react';
import { notify } from '../../../../lib/notifier';
import { describeAge } from '../../../../offline/age';
import { useNow } from '../../../../offline/use-now';
import { discardUnsentCreate, outboxActions, WriteRefusedError } from '../../../../offline/runtime';
import { useModals } from '../../../../ui/modals';
import { archiveCall, cancelRequestCall, submitCall } from '../../api/calls';
import { workOrderKeys } from '../../api/keys';
import { ARCHIVE_ERROR, WORK_ORDER_CONFIRMATIONS, WORK_ORDER_TOASTS } from '../../messages';
import { requestRef, type ServiceRequestView } from '../../model';
import { useWorkOrderWrite } from '../../use-work-order-write';
import { NotOnDevice } from '../../../../ui/not-on-device';
import { PathLink } from '../../../../ui/path-link';
import { FailuresBanner, PendingBadge } from '../../../../ui/pending-marks';
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

function Page({ children }: { children: ReactNode }) {
  return <div className="page work-order-review">{children}</div>;
}

/** spec 3 §2 Work order review: the request's header data, its items, parts and attachments, and the editor's actions. */
export function ReviewScreen() {
  const { state } = useReview();
  const queryClient = useQueryClient();
  switch (state.status) {
    case 'ready':
      return <ReviewContent view={state.view} storedAt={state.storedAt} fromCache={state.fromCache} />;
    case 'not-found':
      return (
        <Page>
          <h1 className="page__title">Work Order</h1>
          <p className="notice notice--warning" role="status">
            {REVIEW_NOT_FOUND_MESSAGE}
          </p>
          <PathLink href={SERVICE_PATH}>Back to Service &amp; Parts</PathLink>
        </Page>
      );
    case 'not-on-device':
      return (
        <Page>
          <h1 className="page__title">Work Order</h1>
          <NotOnDevice what="work order" />
          <PathLink href={SERVICE_PATH}>Back to Service &amp; Parts</PathLink>
        </Page>
      );
    case 'error':
      // spec 3 §4, §8: a review load failure sets an error state.
      return (
        <Page>
          <h1 className="page__title">Work Order</h1>
          <div className="notice notice--warning review-error" role="alert">
            <p>{REVIEW_LOAD_ERROR_MESSAGE}</p>
            <button type="button" className="button" onClick={() => void queryClient.invalidateQueries({ queryKey: workOrderKeys.all })}>
              Try again
            </button>
          </div>
        </Page>
      );
    default:
      return (
        <Page>
          <h1 className="page__title">Work Order</h1>
          <p className="page__loading" role="status">
            Loading work order...
          </p>
        </Page>
      );
  }
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="review-field">
      <dt>{label}</dt>
      <dd>{children === '' || children === null || children === undefined ? '—' : children}</dd>
    </div>
  );
}

const dateOrTbd = (value: string) => serviceDateText(value) || 'TBD';
const hours = (value: number) => `${value} ${value === 1 ? 'hour' : 'hours'}`;

function CopyAge({ view, storedAt, fromCache }: { view: ServiceRequestView; storedAt: number | undefined; fromCache: boolean }) {
  const now = useNow();
  if (!fromCache) return null;
  if (storedAt === undefined) {
    return (
      <p className="notice notice--info" role="status">
        This request was made on this device and has not reached the server yet.
      </p>
    );
  }
  return (
    <p className="notice notice--info" role="status">
      Saved copy, updated {describeAge(storedAt, now)}. The server cannot be reached
      {view.hasPendingChanges ? '; your changes will be sent when it can' : ''}.
    </p>
  );
}

function ReviewContent({ view, storedAt, fromCache }: { view: ServiceRequestView; storedAt: number | undefined; fromCache: boolean }) {
  const { editable, archivable, paths } = useReview();
  const write = useWorkOrderWrite();
  const modals = useModals();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<'submit' | 'cancel' | 'archive' | null>(null);
  const [attempted, setAttempted] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const issuesRef = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const ref = requestRef(view);
  const staged = view.vantageWorkOrderId === null;
  // Checks shown after a Submit click follow the request as it is fixed.
  const issues = attempted ? submitIssues(view) : [];
  const archiving = view.pending?.label === archiveCall(ref).label && view.pending.state === 'pending';

  async function submit() {
    setRefusal(undefined);
    setAttempted(true);
    if (submitIssues(view).length > 0) {
      requestAnimationFrame(() => issuesRef.current?.focus());
      return;
    }
    setBusy('submit');
    try {
      await write(submitCall(ref), WORK_ORDER_TOASTS.submitted);
      void router.navigate({ href: SERVICE_PATH });
    } catch (error) {
      // spec 3 §4, §8: submit failure reloads the screen.
      setRefusal(error instanceof WriteRefusedError ? refusalMessage(error.message) : 'The work order was not submitted.');
      void queryClient.invalidateQueries({ queryKey: workOrderKeys.all });
      requestAnimationFrame(() => issuesRef.current?.focus());
    } finally {
      setBusy(null);
    }
  }

  async function cancel() {
    if (!staged) {
      // spec 3 §8: asked for a submitted work order; confirming does nothing.
      await modals.confirm(WORK_ORDER_CONFIRMATIONS.cancelWorkOrder);
      return;
    }
    if (!(await modals.confirm(WORK_ORDER_CONFIRMATIONS.cancelStaged))) return;
    setBusy('cancel');
    try {
      if (await discardUnsentCreate(ref.key)) notify({ level: 'success', title: WORK_ORDER_TOASTS.canceled });
      else await write(cancelRequestCall(ref), WORK_ORDER_TOASTS.canceled);
      void router.navigate({ href: SERVICE_PATH });
    } catch (error) {
      notify({
        level: 'warning',
        title: 'The work order was not canceled.',
        description: error instanceof Error ? refusalMessage(error.message) : undefined,
      });
    } finally {
      setBusy(null);
    }
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
    <Page>
      <div className="review-header card">
        <div className="review-header__top">
          <div>
            <h1 className="page__title review-header__title" id={headingId}>
              Work Order {requestNumberText(view)}
            </h1>
            <p className="review-header__status">
              <span className="review-status">{statusText(view)}</span>
              {view.isArchived && <span className="review-tag">Archived</span>}
              <PendingBadge mark={view.pending} subject="work order" />
              {view.pendingSubmit && (
                <span className="review-tag">
                  Submit <PendingBadge mark={view.pendingSubmit} subject="submit" />
                </span>
              )}
              {view.pendingCancel && (
                <span className="review-tag">
                  Cancel <PendingBadge mark={view.pendingCancel} subject="cancel" />
                </span>
              )}
            </p>
          </div>
          <div className="review-actions">
            {editable && (
              <button
                type="button"
                className="button button--primary"
                disabled={busy !== null}
                aria-busy={busy === 'submit'}
                onClick={() => void submit()}
              >
                {busy === 'submit' ? 'Submitting...' : 'Submit'}
              </button>
            )}
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
        </div>
        <dl className="review-fields">
          {view.vantageWorkOrderNumber && (
            <Field label="Request number">{requestNumberText({ ...view, vantageWorkOrderNumber: null })}</Field>
          )}
          <Field label="Request type">{requestTypeText(view.requestType)}</Field>
          <Field label="Plant">{plantText(view)}</Field>
          <Field label="Serial number">
            {view.serialNumber} {/* spec 3 §2 /serviceHistory/{assetId}: the home's earlier requests, parts and warranty card. */}
            <PathLink href={`/serviceHistory/${view.assetId}`} aria-label={`Service history of ${view.serialNumber}`}>
              Service History
            </PathLink>
          </Field>
          <Field label="Model">{view.modelNumber}</Field>
          <Field label="Homeowner">{homeownerText(view)}</Field>
          <Field label="Address">{accountAddressText(view)}</Field>
          <Field label="Technician">{view.technician}</Field>
        </dl>
      </div>

      <CopyAge view={view} storedAt={storedAt} fromCache={fromCache} />
      <FailuresBanner failures={view.failures} actions={outboxActions} />
      <UploadProgress />
      {blocked && (
        <div ref={issuesRef} tabIndex={-1} className="notice notice--warning review-issues" role="alert">
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
          <Field label="Request type">{requestTypeText(view.requestType)}</Field>
          <Field label="Request date">{dateOrTbd(view.requestDate)}</Field>
          <Field label="Scheduled date">{dateOrTbd(view.scheduledDate)}</Field>
          <Field label="Start date">{dateOrTbd(view.startDate)}</Field>
          <Field label="End date">{dateOrTbd(view.endDate)}</Field>
          <Field label="Performed date">{dateOrTbd(view.performedDate)}</Field>
          <Field label="Trip time">{hours(view.tripTime)}</Field>
          <Field label="Mileage">{`${view.mileage} miles`}</Field>
          <Field label="Other costs">{costText(view.otherCosts)}</Field>
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
          <Field label="Case subject">{view.caseSubject}</Field>
          <Field label="Description">
            <span className="review-multiline">{view.caseDescription}</span>
          </Field>
          <Field label="Technician">{view.technician}</Field>
          <Field label="Signature">{view.signatureOnFile ? 'On File' : 'Not Available'}</Field>
          <Field label="Under warranty">{view.isUnderWarranty ? 'Yes' : 'No'}</Field>
        </dl>
      </section>

      <section className="review-section card" aria-labelledby={`${headingId}-costs`}>
        <div className="review-section__header">
          <h2 id={`${headingId}-costs`}>Costs</h2>
        </div>
        <dl className="review-fields review-fields--costs">
          <Field label="Labor">{costText(view.laborCost)}</Field>
          <Field label="Parts">{costText(view.partsCost)}</Field>
          <Field label="Mileage">{costText(view.mileageCost)}</Field>
          <Field label="Driver">{costText(view.driverCost)}</Field>
          <Field label="Other">{costText(view.otherCosts)}</Field>
          <Field label="Total Service Cost">{costText(view.totalServiceCost)}</Field>
          <Field label="Total Combined Cost">{costText(view.totalCombinedCost)}</Field>
        </dl>
      </section>

      <ServiceItemsSection view={view} />
      <PartsItemsSection view={view} />
      <AttachmentsSection view={view} />
    </Page>
  );
}
