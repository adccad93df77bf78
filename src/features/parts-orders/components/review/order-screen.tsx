import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useId, useRef, useState, type ReactNode } from 'react';
import { isStaged, PARTS_ORDER_MESSAGES, PARTS_ORDER_STATUSES } from '../../../../contract';
import { notify } from '../../../../lib/notifier';
import { describeAge } from '../../../../offline/age';
import { useNow } from '../../../../offline/use-now';
import { discardUnsentCreate, outboxActions, WriteRefusedError } from '../../../../offline/runtime';
import { useModals } from '../../../../ui/modals';
import { NotOnDevice } from '../../../../ui/not-on-device';
import { PathLink } from '../../../../ui/path-link';
import { cancelOrderCall, submitOrderCall } from '../../api/calls';
import { partsOrderKeys } from '../../api/keys';
import { PARTS_LIST_PATH, PARTS_ORDER_TEXTS } from '../../messages';
import { orderRef, type PartsOrderView } from '../../model';
import { usePartsOrderWrite } from '../../use-parts-order-write';
import { FailuresBanner, PendingBadge } from '../../../../ui/pending-marks';
import { useOrderReview } from './order-context';
import { OrderItems } from './order-items';
import { dateOrTbd, homeownerText, orderTitle, plantText, refusalMessage, savedShipToText, serialOrStock } from './review-model';
import { ShipToChooser } from './ship-to-chooser';
import '../parts-orders.css';

export const SUBMIT_BLOCKED_TITLE = 'This parts order cannot be submitted yet:';

/** Submitted and on its way at the plant: receipt comes once it has shipped (spec 3 §4). */
const BEFORE_SHIPPING = new Set(PARTS_ORDER_STATUSES.slice(1, 3).map((status) => status.toUpperCase()));
const awaitingShipment = (view: PartsOrderView) =>
  !isStaged(view) && !view.isClosed && BEFORE_SHIPPING.has(view.orderStatus.trim().toUpperCase());

function Page({ children }: { children: ReactNode }) {
  return <div className="page po-review">{children}</div>;
}

/** spec 3 §2 /partsorders/{partsOrderId} (staged: review and edit) and /partsorders/vantage/{partsRequestId} (read-only, receipt). */
export function PartsOrderScreen() {
  const { state } = useOrderReview();
  const queryClient = useQueryClient();
  switch (state.status) {
    case 'ready':
      return <OrderContent view={state.view} storedAt={state.storedAt} fromCache={state.fromCache} />;
    case 'not-found':
      return (
        <Page>
          <h1 className="page__title">{PARTS_ORDER_TEXTS.title}</h1>
          <p className="notice notice--warning" role="status">
            {PARTS_ORDER_TEXTS.notFound}
          </p>
          <PathLink href={PARTS_LIST_PATH}>Back to Parts Requests</PathLink>
        </Page>
      );
    case 'not-on-device':
      return (
        <Page>
          <h1 className="page__title">{PARTS_ORDER_TEXTS.title}</h1>
          <NotOnDevice what="parts order" />
          <PathLink href={PARTS_LIST_PATH}>Back to Parts Requests</PathLink>
        </Page>
      );
    case 'error':
      // spec 3 §8: failure loading a parts order sets an error state and stops the loading display.
      return (
        <Page>
          <h1 className="page__title">{PARTS_ORDER_TEXTS.title}</h1>
          <div className="notice notice--warning" role="alert">
            <p>{PARTS_ORDER_TEXTS.loadError}</p>
            <button type="button" className="button" onClick={() => void queryClient.invalidateQueries({ queryKey: partsOrderKeys.all })}>
              Try again
            </button>
          </div>
        </Page>
      );
    default:
      return (
        <Page>
          <h1 className="page__title">{PARTS_ORDER_TEXTS.title}</h1>
          <p className="page__loading" role="status">
            Loading parts order...
          </p>
        </Page>
      );
  }
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="po-field">
      <dt>{label}</dt>
      <dd>{children === '' || children === null || children === undefined ? '—' : children}</dd>
    </div>
  );
}

function CopyAge({ view, storedAt, fromCache }: { view: PartsOrderView; storedAt: number | undefined; fromCache: boolean }) {
  const now = useNow();
  if (!fromCache) return null;
  if (storedAt === undefined) {
    return (
      <p className="notice notice--info" role="status">
        This parts order was made on this device and has not reached the server yet.
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

function OrderContent({ view, storedAt, fromCache }: { view: PartsOrderView; storedAt: number | undefined; fromCache: boolean }) {
  const { editable, canReceive } = useOrderReview();
  const write = usePartsOrderWrite();
  const modals = useModals();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<'submit' | 'cancel' | null>(null);
  const [blocked, setBlocked] = useState<string>();
  const issuesRef = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const ref = orderRef(view);
  const staged = isStaged(view);
  // spec 3 §4: submit with no items sets the invalid-order state; it goes again as soon as a part is added.
  const invalidOrder = blocked === PARTS_ORDER_MESSAGES.noItems && view.partsItems.length > 0 ? undefined : blocked;

  async function submit() {
    setBlocked(undefined);
    if (view.partsItems.length === 0) {
      setBlocked(PARTS_ORDER_MESSAGES.noItems);
      requestAnimationFrame(() => issuesRef.current?.focus());
      return;
    }
    setBusy('submit');
    try {
      await write(submitOrderCall(ref), PARTS_ORDER_MESSAGES.submitted);
      void router.navigate({ href: PARTS_LIST_PATH });
    } catch (error) {
      setBlocked(error instanceof WriteRefusedError ? refusalMessage(error.message) : 'The parts order was not submitted.');
      void queryClient.invalidateQueries({ queryKey: partsOrderKeys.all });
      requestAnimationFrame(() => issuesRef.current?.focus());
    } finally {
      setBusy(null);
    }
  }

  async function cancel() {
    if (!(await modals.confirm(PARTS_ORDER_MESSAGES.confirmCancel))) return;
    setBusy('cancel');
    try {
      if (await discardUnsentCreate(ref.key)) notify({ level: 'success', title: PARTS_ORDER_MESSAGES.canceled });
      else await write(cancelOrderCall(ref), PARTS_ORDER_MESSAGES.canceled);
      void router.navigate({ href: PARTS_LIST_PATH });
    } catch (error) {
      notify({
        level: 'warning',
        title: 'The parts order was not canceled.',
        description: error instanceof Error ? refusalMessage(error.message) : undefined,
      });
    } finally {
      setBusy(null);
    }
  }

  const homeowner = homeownerText(view);
  return (
    <Page>
      <div className="po-header card">
        <div className="po-header__top">
          <div>
            <h1 className="page__title po-header__title" id={headingId}>
              {orderTitle(view)}
            </h1>
            <p className="po-header__status">
              <span className="po-status">{view.orderStatus}</span>
              {view.isClosed && <span className="po-tag">Closed</span>}
              <PendingBadge mark={view.pending} subject="parts order" />
              {view.pendingSubmit && (
                <span className="po-tag">
                  Submit <PendingBadge mark={view.pendingSubmit} subject="submit" />
                </span>
              )}
              {view.pendingCancel && (
                <span className="po-tag">
                  Cancel <PendingBadge mark={view.pendingCancel} subject="cancel" />
                </span>
              )}
              {view.pendingReceipt && (
                <span className="po-tag">
                  Receipt <PendingBadge mark={view.pendingReceipt} subject="receipt" />
                </span>
              )}
            </p>
          </div>
          {editable && (
            <div className="po-actions">
              <button
                type="button"
                className="button button--primary"
                disabled={busy !== null}
                aria-busy={busy === 'submit'}
                onClick={() => void submit()}
              >
                {busy === 'submit' ? 'Submitting...' : 'Submit'}
              </button>
              <button type="button" className="button" disabled={busy !== null} aria-busy={busy === 'cancel'} onClick={() => void cancel()}>
                Cancel Order
              </button>
            </div>
          )}
        </div>
        <dl className="po-fields">
          {view.partsLogNumber && <Field label="Parts log number">{view.partsLogNumber}</Field>}
          <Field label="Plant">{plantText(view)}</Field>
          <Field label="Serial number">{serialOrStock(view)}</Field>
          <Field label="Homeowner">{homeowner}</Field>
          <Field label="Status">{view.orderStatus}</Field>
          <Field label="Order date">{dateOrTbd(view.orderDate)}</Field>
          {!staged && <Field label="Expected ship date">{dateOrTbd(view.expectedShipDate)}</Field>}
          {!staged && <Field label="Shipped via">{view.viaDescription}</Field>}
          {!staged && <Field label="Tracking number">{view.trackingNumber}</Field>}
          {view.serviceRequestNumber && <Field label="Service request">{view.serviceRequestNumber}</Field>}
          {!staged && <Field label="Ship to">{savedShipToText(view)}</Field>}
        </dl>
      </div>

      <CopyAge view={view} storedAt={storedAt} fromCache={fromCache} />
      <FailuresBanner failures={view.failures} actions={outboxActions} />
      {invalidOrder && (
        <div ref={issuesRef} tabIndex={-1} className="notice notice--warning po-issues" role="alert">
          <p className="po-issues__title">{SUBMIT_BLOCKED_TITLE}</p>
          <p>{invalidOrder}</p>
        </div>
      )}
      {staged && !editable && view.canEdit && (view.pendingSubmit || view.pendingCancel) && (
        <p className="notice notice--info">
          {view.pendingCancel ? 'This order is being canceled' : 'This order is being submitted'}: it can no longer be changed.
        </p>
      )}
      {awaitingShipment(view) && <p className="po-hint">{PARTS_ORDER_MESSAGES.notShipped}</p>}

      {staged && <ShipToChooser view={view} editable={editable} />}
      <OrderItems view={view} editable={editable} canReceive={canReceive} />
    </Page>
  );
}
