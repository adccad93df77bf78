import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useId, useRef, useState, type ReactNode } from 'react';
import { isStaged, PARTS_ORDER_MESSAGES, PARTS_ORDER_STATUSES } from '../../../../contract';
import { notify } from '../../../../lib/notifier';
import { describeAge } from '../../../../offline/age';
import { useNow } from '../../../../offline/use-now';
import { discardUnsentCreate, outboxActions, WriteRefusedError } from '../../../../offline/runtime';
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

const STATE_TEXTS = { ...PARTS_ORDER_TEXTS, what: 'parts order', back: { href: PARTS_LIST_PATH, label: 'Back to Parts Requests' } };

function Page({ children }: { children: ReactNode }) {
  return <div className="page po-review">{children}</div>;
}

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

      <SavedCopyNotice
        fromCache={fromCache}
        savedAge={storedAt === undefined ? undefined : describeAge(storedAt, now)}
        pendingChanges={view.hasPendingChanges}
        madeHere="This parts order was made on this device and has not reached the server yet."
      />
      <FailuresBanner failures={view.failures} actions={outboxActions} />
      {invalidOrder && (
        <div ref={issuesRef} tabIndex={-1} className="notice notice--warning review-issues" role="alert">
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
    </Page>
  );
}
