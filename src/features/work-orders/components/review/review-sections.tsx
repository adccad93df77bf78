import { useId, useState, type ReactNode } from 'react';
import { laborRateFor } from '../../../../contract';
import { notify } from '../../../../lib/notifier';
import type { OutboxCall } from '../../../../offline/outbox';
import { ReviewDetail } from '../../../../ui/record-review';
import { useModals } from '../../../../ui/modals';
import { deleteAttachmentCall, deletePartsItemCall, deleteServiceItemCall } from '../../api/calls';
import { WORK_ORDER_CONFIRMATIONS, WORK_ORDER_TOASTS } from '../../messages';
import { requestRef, type PendingMark, type ServiceRequestView } from '../../model';
import { useWorkOrderWrite } from '../../use-work-order-write';
import { AttachmentFile } from './attachment-file';
import { PathLink } from '../../../../ui/path-link';
import { FailedChangeActions, PendingBadge } from '../../../../ui/pending-marks';
import { outboxActions } from '../../../../offline/runtime';
import { useReview } from './review-context';
import { attachmentName, costText, partsItemName, refusalMessage, serviceDateText } from './review-model';

/** Delete with the spec 3 §8 question; the row goes at once (pending) and the server takes it when it can. */
function useRemove() {
  const modals = useModals();
  const write = useWorkOrderWrite();
  const [removing, setRemoving] = useState<string>();
  async function remove(key: string, call: OutboxCall, toast: string) {
    if (!(await modals.confirm(WORK_ORDER_CONFIRMATIONS.deleteItem))) return;
    setRemoving(key);
    try {
      await write(call, toast);
    } catch (error) {
      notify({
        level: 'warning',
        title: 'The item was not deleted.',
        description: error instanceof Error ? refusalMessage(error.message) : undefined,
      });
    } finally {
      setRemoving(undefined);
    }
  }
  return { remove, removing };
}

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section className="review-section card" aria-labelledby={id}>
      <div className="review-section__header">
        <h2 id={id}>{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** Edit and Delete of a row, or Retry and Discard when the server refused its change. */
function RowActions({
  mark,
  editable,
  editHref,
  name,
  busy,
  onDelete,
}: {
  mark: PendingMark | undefined;
  editable: boolean;
  editHref: string | undefined;
  name: string;
  busy: boolean;
  onDelete: () => void;
}) {
  if (mark?.state === 'failed') {
    return (
      <div className="review-item__actions">
        <FailedChangeActions mark={mark} actions={outboxActions} />
      </div>
    );
  }
  if (!editable || !editHref) return null;
  return (
    <div className="review-item__actions">
      <PathLink href={editHref} className="button" aria-label={`Edit ${name}`}>
        Edit
      </PathLink>
      <button type="button" className="button" aria-label={`Delete ${name}`} disabled={busy} onClick={onDelete}>
        Delete
      </button>
    </div>
  );
}

export function ServiceItemsSection({ view }: { view: ServiceRequestView }) {
  const { editable, paths } = useReview();
  const { remove, removing } = useRemove();
  const ref = requestRef(view);
  return (
    <Section
      title="Service Items"
      action={
        editable && paths ? (
          <PathLink href={paths.addServiceItem} className="button button--primary">
            Add Service Item
          </PathLink>
        ) : undefined
      }
    >
      {view.serviceItems.length === 0 ? (
        <p className="review-empty">No service items yet.</p>
      ) : (
        <ol className="review-items">
          {view.serviceItems.map((item) => {
            const name = `service item ${item.serviceRequestSequence}`;
            const declined = item.serviceRequestCode.trim().toUpperCase() === 'D';
            const rate = item.hourlyLaborRate || laborRateFor(item.isTwoMan, view);
            return (
              <li key={item.key} className={`review-item${item.pending ? ' review-item--pending' : ''}`}>
                <div className="review-item__header">
                  <h3 className="review-item__title">Service item {item.serviceRequestSequence}</h3>
                  {declined && <span className="review-tag review-tag--declined">Declined</span>}
                  <PendingBadge mark={item.pending} subject={name} />
                </div>
                <dl className="review-fields review-fields--item">
                  <ReviewDetail label="Problem description">
                    <span className="review-multiline">{item.problemDescription}</span>
                  </ReviewDetail>
                  <ReviewDetail label="Determined cause">
                    <span className="review-multiline">{item.determinedCause}</span>
                  </ReviewDetail>
                  <ReviewDetail label="Action taken">
                    <span className="review-multiline">{item.actionTaken}</span>
                  </ReviewDetail>
                  {declined && <ReviewDetail label="Declined reason">{item.declinedReason || '—'}</ReviewDetail>}
                  <ReviewDetail label="Crew">{item.isTwoMan ? 'Two-man' : 'One-man'}</ReviewDetail>
                  <ReviewDetail label="Labor hours">{String(item.laborHours)}</ReviewDetail>
                  <ReviewDetail label="Labor rate">{`${costText(rate)} per hour`}</ReviewDetail>
                  <ReviewDetail label="Labor cost">{costText(item.laborCost)}</ReviewDetail>
                  <ReviewDetail label="Parts cost">{costText(item.partsCost)}</ReviewDetail>
                </dl>
                <RowActions
                  mark={item.pending}
                  editable={editable}
                  editHref={paths?.editServiceItem(item)}
                  name={name}
                  busy={removing === item.key}
                  onDelete={() => void remove(item.key, deleteServiceItemCall(ref, item.key), WORK_ORDER_TOASTS.lineItemRemoved)}
                />
              </li>
            );
          })}
        </ol>
      )}
    </Section>
  );
}

export function PartsItemsSection({ view }: { view: ServiceRequestView }) {
  const { editable, paths } = useReview();
  const { remove, removing } = useRemove();
  const ref = requestRef(view);
  return (
    <Section
      title="Parts Items"
      action={
        editable && paths ? (
          <PathLink href={paths.addPartsItem} className="button button--primary">
            Add Parts Item
          </PathLink>
        ) : undefined
      }
    >
      {view.partsItems.length === 0 ? (
        <p className="review-empty">No parts items yet.</p>
      ) : (
        <ul className="review-items">
          {view.partsItems.map((part) => {
            const name = `parts item ${partsItemName(part)}`;
            return (
              <li key={part.key} className={`review-item${part.pending ? ' review-item--pending' : ''}`}>
                <div className="review-item__header">
                  <h3 className="review-item__title">{partsItemName(part)}</h3>
                  {part.isCorrect === false && <span className="review-tag review-tag--declined">Incorrect part</span>}
                  <PendingBadge mark={part.pending} subject={name} />
                </div>
                <dl className="review-fields review-fields--item">
                  <ReviewDetail label="Part number">{part.combinedPartNumber || part.partNumber}</ReviewDetail>
                  <ReviewDetail label="Billing code">{part.billingCode}</ReviewDetail>
                  <ReviewDetail label="Unit of measure">{part.unitOfMeasure}</ReviewDetail>
                  <ReviewDetail label="Quantity">{String(part.quantity)}</ReviewDetail>
                  <ReviewDetail label="Notes">{part.notes && <span className="review-multiline">{part.notes}</span>}</ReviewDetail>
                  <ReviewDetail label="Parts request">{part.vantagePartsRequestNumber ?? ''}</ReviewDetail>
                  <ReviewDetail label="Received">{serviceDateText(part.receivedDate)}</ReviewDetail>
                  <ReviewDetail label="Incorrect part message">{part.isCorrect === false ? part.incorrectPartMessage : ''}</ReviewDetail>
                </dl>
                <RowActions
                  mark={part.pending}
                  editable={editable}
                  editHref={paths?.editPartsItem(part)}
                  name={name}
                  busy={removing === part.key}
                  onDelete={() => void remove(part.key, deletePartsItemCall(ref, part.key), WORK_ORDER_TOASTS.partsItemRemoved)}
                />
              </li>
            );
          })}
        </ul>
      )}
    </Section>
  );
}

export function AttachmentsSection({ view }: { view: ServiceRequestView }) {
  const { editable, paths } = useReview();
  const { remove, removing } = useRemove();
  const ref = requestRef(view);
  return (
    <Section
      title="Attachments"
      action={
        editable && paths ? (
          <PathLink href={paths.addAttachment} className="button button--primary">
            Add Attachment
          </PathLink>
        ) : undefined
      }
    >
      {view.serviceAttachments.length === 0 ? (
        <p className="review-empty">No attachments yet.</p>
      ) : (
        <ul className="review-attachments">
          {view.serviceAttachments.map((attachment, index) => {
            const label = attachmentName(attachment, String(index + 1));
            const name = `attachment ${label}`;
            return (
              <li key={attachment.key} className={`review-attachment${attachment.pending ? ' review-item--pending' : ''}`}>
                <AttachmentFile attachment={attachment} name={label} />
                <div className="review-attachment__text">
                  <p className="review-attachment__type">
                    {attachment.attachmentTypeDisplay}
                    {attachment.amount > 0 && <> · {costText(attachment.amount)}</>}
                  </p>
                  {attachment.description && <p className="review-attachment__description">{attachment.description}</p>}
                  <PendingBadge mark={attachment.pending} subject={name} />
                </div>
                <RowActions
                  mark={attachment.pending}
                  editable={editable}
                  editHref={paths?.editAttachment(attachment)}
                  name={name}
                  busy={removing === attachment.key}
                  onDelete={() =>
                    void remove(attachment.key, deleteAttachmentCall(ref, attachment.key), WORK_ORDER_TOASTS.attachmentRemoved)
                  }
                />
              </li>
            );
          })}
        </ul>
      )}
    </Section>
  );
}
