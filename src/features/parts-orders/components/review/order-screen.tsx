import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { isStaged, PARTS_ORDER_MESSAGES, PARTS_ORDER_STATUSES } from '../../../../contract';
import { describeAge } from '../../../../offline/age';
import { useNow } from '../../../../offline/use-now';
import { outboxActions } from '../../../../offline/runtime';
import { useReviewActions } from '../../../../entities/review-actions';
import { useModals } from '../../../../ui/modals';
import { cancelOrderCall, submitOrderCall } from '../../api/calls';
import { partsOrderKeys } from '../../api/keys';
import { PARTS_LIST_PATH, PARTS_ORDER_TEXTS } from '../../messages';
import { orderRef, type PartsOrderView } from '../../model';
import { usePartsOrderWrite } from '../../use-parts-order-write';
import { FailuresBanner, PendingBadge } from '../../../../ui/pending-marks';
import { PendingTag, ReviewField, ReviewHeader, ReviewStatePage, ReviewSubmitButton, SavedCopyNotice } from '../../../../ui/record-review';
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

const MADE_HERE = 'This parts order was made on this device and has not reached the server yet.';
const STATE_TEXTS = { ...PARTS_ORDER_TEXTS, what: 'parts order', back: { href: PARTS_LIST_PATH, label: 'Back to Parts Requests' } };

/** spec 3 §2 /partsorders/{partsOrderId} (staged: review and edit) and /partsorders/vantage/{partsRequestId} (read-only, receipt). */
export function PartsOrderScreen() {
  const { state } = useOrderReview();
  const queryClient = useQueryClient();
  const retry = () => void queryClient.invalidateQueries({ queryKey: partsOrderKeys.all });
  if (state.status !== 'ready')
    return <ReviewStatePage status={state.status} pageClassName="po-review" texts={STATE_TEXTS} onRetry={retry} />;
  return <OrderContent view={state.view} storedAt={state.storedAt} fromCache={state.fromCache} />;
}

function OrderContent({ view, storedAt, fromCache }: { view: PartsOrderView; storedAt: number | undefined; fromCache: boolean }) {
  const { editable, canReceive } = useOrderReview();
  const now = useNow();
  const savedAge = storedAt === undefined ? undefined : describeAge(storedAt, now);
  const write = usePartsOrderWrite();
  const modals = useModals();
  const [busy, setBusy] = useState<'submit' | 'cancel' | null>(null);
  const [blocked, setBlocked] = useState<string>();
  const headingId = useId();
  const ref = orderRef(view);
  const staged = isStaged(view);
  // spec 3 §4: submit with no items sets the invalid-order state; it goes again as soon as a part is added.
  const invalidOrder = blocked === PARTS_ORDER_MESSAGES.noItems && view.partsItems.length > 0 ? undefined : blocked;

  const actions = useReviewActions(setBusy, PARTS_LIST_PATH, partsOrderKeys.all, refusalMessage, setBlocked);

  async function submit() {
    setBlocked(undefined);
    if (view.partsItems.length === 0) {
      setBlocked(PARTS_ORDER_MESSAGES.noItems);
      return actions.focusIssues();
    }
    await actions.submit(() => write(submitOrderCall(ref), PARTS_ORDER_MESSAGES.submitted), 'The parts order was not submitted.');
  }

  async function cancel() {
    if (!(await modals.confirm(PARTS_ORDER_MESSAGES.confirmCancel))) return;
    const send = () => write(cancelOrderCall(ref), PARTS_ORDER_MESSAGES.canceled);
    await actions.cancel(ref.key, send, PARTS_ORDER_MESSAGES.canceled, 'The parts order was not canceled.');
  }

  const homeowner = homeownerText(view);
  return (
    <div className="page po-review">
      <ReviewHeader
        headingId={headingId}
        title={orderTitle(view)}
        status={view.orderStatus}
        tags={
          <>
            {view.isClosed && <span className="review-tag">Closed</span>}
            <PendingBadge mark={view.pending} subject="parts order" />
            <PendingTag label="Submit" mark={view.pendingSubmit} />
            <PendingTag label="Cancel" mark={view.pendingCancel} />
            <PendingTag label="Receipt" mark={view.pendingReceipt} />
          </>
        }
        actions={
          editable && (
            <div className="review-actions">
              <ReviewSubmitButton busy={busy} onSubmit={() => void submit()} />
              <button type="button" className="button" disabled={busy !== null} aria-busy={busy === 'cancel'} onClick={() => void cancel()}>
                Cancel Order
              </button>
            </div>
          )
        }
      >
        {view.partsLogNumber && <ReviewField label="Parts log number">{view.partsLogNumber}</ReviewField>}
        <ReviewField label="Plant">{plantText(view)}</ReviewField>
        <ReviewField label="Serial number">{serialOrStock(view)}</ReviewField>
        <ReviewField label="Homeowner">{homeowner}</ReviewField>
        <ReviewField label="Status">{view.orderStatus}</ReviewField>
        <ReviewField label="Order date">{dateOrTbd(view.orderDate)}</ReviewField>
        {!staged && <ReviewField label="Expected ship date">{dateOrTbd(view.expectedShipDate)}</ReviewField>}
        {!staged && <ReviewField label="Shipped via">{view.viaDescription}</ReviewField>}
        {!staged && <ReviewField label="Tracking number">{view.trackingNumber}</ReviewField>}
        {view.serviceRequestNumber && <ReviewField label="Service request">{view.serviceRequestNumber}</ReviewField>}
        {!staged && <ReviewField label="Ship to">{savedShipToText(view)}</ReviewField>}
      </ReviewHeader>

      <SavedCopyNotice fromCache={fromCache} savedAge={savedAge} pendingChanges={view.hasPendingChanges} madeHere={MADE_HERE} />
      <FailuresBanner failures={view.failures} actions={outboxActions} />
      {invalidOrder && (
        <div ref={actions.issuesRef} tabIndex={-1} className="notice notice--warning review-issues" role="alert">
          <p className="review-issues__title">{SUBMIT_BLOCKED_TITLE}</p>
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
    </div>
  );
}
