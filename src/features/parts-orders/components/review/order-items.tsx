import { useId, useMemo, useState } from 'react';
import { PARTS_ORDER_MESSAGES } from '../../../../contract';
import { notify } from '../../../../lib/notifier';
import { ReviewDetail } from '../../../../ui/record-review';
import { useModals } from '../../../../ui/modals';
import { PathLink } from '../../../../ui/path-link';
import { deleteItemCall, markIncorrectCall, markReceivedCall } from '../../api/calls';
import { addItemPath, editItemPath } from '../../messages';
import { orderRef, type PartsOrderItemView, type PartsOrderView } from '../../model';
import { usePartsOrderWrite } from '../../use-parts-order-write';
import { FailedChangeActions, PendingBadge } from '../../../../ui/pending-marks';
import { outboxActions } from '../../../../offline/runtime';
import { IncorrectPartModal } from './incorrect-part-modal';
import { dateOrBlank, itemName, receiptText, receivableItems, refusalMessage } from './review-model';

export const SELECT_ALL_LABEL = 'Select all parts not yet marked correct';
export const MARK_RECEIVED_LABEL = 'Mark Received';

function ReceiptMark({ item }: { item: PartsOrderItemView }) {
  const text = receiptText(item);
  if (!text) return null;
  return <span className={`po-receipt ${item.isCorrect ? 'po-receipt--correct' : 'po-receipt--incorrect'}`}>{text}</span>;
}

/**
 * spec 3 §2 item list of a parts order: add, edit and delete on a staged order (delete asks first, spec 3 §8);
 * on a SHIPPED order the receipt (spec 3 §4): a check box per part not yet marked correct with select-all,
 * 'Mark Received' for the chosen ones, and 'Incorrect' per part with the incorrect-part modal.
 */
export function OrderItems({ view, editable, canReceive }: { view: PartsOrderView; editable: boolean; canReceive: boolean }) {
  const id = useId();
  const modals = useModals();
  const write = usePartsOrderWrite();
  const [busy, setBusy] = useState<string>();
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [incorrect, setIncorrect] = useState<PartsOrderItemView>();
  const ref = orderRef(view);
  const receivable = useMemo(() => receivableItems(view), [view]);
  const receivableIds = useMemo(() => new Set(receivable.map((item) => item.partsOrderItemId as number)), [receivable]);
  // A choice that is no longer receivable (marked meanwhile) drops out of the selection.
  const selected = [...chosen].filter((itemId) => receivableIds.has(itemId));
  const allSelected = receivable.length > 0 && selected.length === receivable.length;

  function toggle(itemId: number, on: boolean) {
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(itemId);
      else next.delete(itemId);
      return next;
    });
  }

  async function remove(item: PartsOrderItemView) {
    if (!(await modals.confirm(PARTS_ORDER_MESSAGES.confirmDeleteItem))) return;
    setBusy(item.key);
    try {
      await write(deleteItemCall(ref, item.key, itemName(item)), PARTS_ORDER_MESSAGES.itemRemoved);
    } catch (error) {
      notify({
        level: 'warning',
        title: 'The item was not deleted.',
        description: error instanceof Error ? refusalMessage(error.message) : undefined,
      });
    } finally {
      setBusy(undefined);
    }
  }

  async function markReceived() {
    if (selected.length === 0) return;
    if (!(await modals.confirm(PARTS_ORDER_MESSAGES.confirmMarkReceived))) return;
    setBusy('receipt');
    try {
      await write(markReceivedCall(ref, selected), PARTS_ORDER_MESSAGES.updated);
      setChosen(new Set());
    } catch (error) {
      notify({
        level: 'warning',
        title: 'The parts were not marked received.',
        description: error instanceof Error ? refusalMessage(error.message) : undefined,
      });
    } finally {
      setBusy(undefined);
    }
  }

  async function markIncorrect(item: PartsOrderItemView, message: string) {
    try {
      await write(markIncorrectCall(ref, item.partsOrderItemId as number, message, itemName(item)), PARTS_ORDER_MESSAGES.updated);
    } catch (error) {
      throw new Error(error instanceof Error ? refusalMessage(error.message) : String(error));
    }
    setIncorrect(undefined);
    toggle(item.partsOrderItemId as number, false);
  }

  return (
    <section className="po-section card" aria-labelledby={`${id}-title`}>
      <div className="review-section__header">
        <h2 id={`${id}-title`}>Parts</h2>
        <div className="po-section__actions">
          {editable && (
            <PathLink href={addItemPath(view.key)} className="button button--primary">
              Add Parts Item
            </PathLink>
          )}
          {canReceive && (
            <button
              type="button"
              className="button button--primary"
              disabled={selected.length === 0 || busy !== undefined}
              aria-busy={busy === 'receipt'}
              onClick={() => void markReceived()}
            >
              {MARK_RECEIVED_LABEL}
            </button>
          )}
        </div>
      </div>
      {canReceive && receivable.length > 0 && (
        <label className="po-select-all">
          <input
            type="checkbox"
            checked={allSelected}
            ref={(input) => {
              if (input) input.indeterminate = selected.length > 0 && !allSelected;
            }}
            onChange={(event) => setChosen(event.target.checked ? new Set(receivableIds) : new Set())}
          />
          {SELECT_ALL_LABEL}
        </label>
      )}
      {view.partsItems.length === 0 ? (
        <p className="po-empty">No parts on this order yet.</p>
      ) : (
        <ol className="review-items">
          {view.partsItems.map((item) => {
            const name = itemName(item);
            const receivableItem = typeof item.partsOrderItemId === 'number' && receivableIds.has(item.partsOrderItemId);
            return (
              <li key={item.key} className={`review-item${item.pending ? ' review-item--pending' : ''}`}>
                <div className="review-item__header">
                  {canReceive && receivableItem && (
                    <input
                      type="checkbox"
                      className="po-item__check"
                      aria-label={`Select ${name}`}
                      checked={selected.includes(item.partsOrderItemId as number)}
                      onChange={(event) => toggle(item.partsOrderItemId as number, event.target.checked)}
                    />
                  )}
                  <h3 className="po-item__title">{name}</h3>
                  <ReceiptMark item={item} />
                  <PendingBadge mark={item.pending} subject={name} />
                </div>
                <dl className="review-fields po-fields--item">
                  <ReviewDetail label="Part number">{item.partNumber}</ReviewDetail>
                  <ReviewDetail label="Description">{item.partDescription}</ReviewDetail>
                  <ReviewDetail label="Quantity">{String(item.quantity)}</ReviewDetail>
                  <ReviewDetail label="Unit of measure">{item.unitOfMeasure.trim()}</ReviewDetail>
                  <ReviewDetail label="Billing code">{item.billingCode}</ReviewDetail>
                  {item.notes.trim() && (
                    <ReviewDetail label="Notes">
                      <span className="po-multiline">{item.notes}</span>
                    </ReviewDetail>
                  )}
                  <ReviewDetail label="Received">{dateOrBlank(item.receivedDate)}</ReviewDetail>
                </dl>
                {item.pending?.state === 'failed' ? (
                  <div className="po-item__actions">
                    <FailedChangeActions mark={item.pending} actions={outboxActions} />
                  </div>
                ) : (
                  (editable || (canReceive && receivableItem)) && (
                    <div className="po-item__actions">
                      {editable && (
                        <>
                          <PathLink href={editItemPath(view.key, item.key)} className="button" aria-label={`Edit ${name}`}>
                            Edit
                          </PathLink>
                          <button
                            type="button"
                            className="button"
                            aria-label={`Delete ${name}`}
                            disabled={busy !== undefined}
                            onClick={() => void remove(item)}
                          >
                            Delete
                          </button>
                        </>
                      )}
                      {canReceive && receivableItem && (
                        <button
                          type="button"
                          className="button"
                          aria-label={`Mark ${name} incorrect`}
                          disabled={busy !== undefined}
                          onClick={() => setIncorrect(item)}
                        >
                          Incorrect
                        </button>
                      )}
                    </div>
                  )
                )}
              </li>
            );
          })}
        </ol>
      )}
      {incorrect && (
        <IncorrectPartModal
          partName={itemName(incorrect)}
          onConfirm={(message) => markIncorrect(incorrect, message)}
          onClose={() => setIncorrect(undefined)}
        />
      )}
    </section>
  );
}
