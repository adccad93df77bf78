import { useStore } from '@tanstack/react-form';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ReactNode } from 'react';
import { CATALOG_ADMIN_TEXT, partDescription, partDisplayStatus, type CatalogChangeRequest, type CatalogPart } from '../../../contract';
import { notify } from '../../../lib/notifier';
import { useModals } from '../../../ui/modals';
import { SidePanel, SidePanelCancel, useSidePanelClose } from '../../../ui/side-panel';
import { notifyChangeFailure, reloadListsSoon, useChangeRequest, useRemovePart, type KeptChangeRequest } from '../api';
import { ImagePicker, type ChosenImage } from './image-picker';
import { PartImage } from './part-image';
import { hasFriendlyDescription, PartDetailsFields, usePartDetailsForm } from './part-details-fields';
import { RequestLoadingPanel, SavedCopyNotice } from './request-loading-panel';
import { StatusBadge } from './status-badge';

/** One version of a part as the Part Form shows it beside the other. */
export function PartCard({ title, part }: { title: string; part: CatalogPart }) {
  return (
    <section className="catalog-part-card" aria-label={`${title} version`}>
      <h3 className="catalog-part-card__title">
        {title} <StatusBadge status={partDisplayStatus(part)} />
      </h3>
      <PartImage fileName={part.imageFilename} alt={`Image of ${partDescription(part)}`} className="catalog-part-card__image" />
      <dl className="catalog-part-facts">
        <dt>Friendly description</dt>
        <dd>{part.friendlyDescription.trim() || <em>None</em>}</dd>
        <dt>Corporate description</dt>
        <dd>{part.corporateDescription}</dd>
        <dt>Notes</dt>
        <dd>{part.notes || <em>None</em>}</dd>
        <dt>Created by</dt>
        <dd>
          {part.createdBy} on {new Date(part.createDate).toLocaleDateString('en-US')}
        </dd>
      </dl>
    </section>
  );
}

/** What the Part Form edits: the pending version when the part has one, else a copy of the approved one (spec 3 §4). */
function versionsOf(request: CatalogChangeRequest) {
  return request.isApproved
    ? { approved: request.pendingPart, pending: null }
    : { approved: request.approvedPart, pending: request.pendingPart };
}

/** A Part Form read from the device: its age; composed from the catalog, a reviewer's comment is not in it. */
function KeptPartNotice({ read }: { read: KeptChangeRequest }) {
  if (!read.fromCache) return null;
  const composed = read.composed && !read.data.isApproved;
  return (
    <SavedCopyNotice
      storedAt={read.storedAt}
      changes="Changes"
      extra={composed ? "A reviewer's comment, if any, shows when the connection is back." : undefined}
    />
  );
}

function PartForm({ request, closeTo, notice }: { request: CatalogChangeRequest; closeTo: string; notice?: ReactNode }) {
  const queryClient = useQueryClient();
  const modals = useModals();
  const close = useSidePanelClose(closeTo);
  const remove = useRemovePart();
  const [image, setImage] = useState<ChosenImage | null>(null);
  const friendlyRef = useRef<HTMLInputElement>(null);
  const { approved, pending } = versionsOf(request);
  const editing = pending ?? approved!;
  const active = [approved, pending].some((part) => part?.active);

  // Refused, the panel stays open.
  const { form, submit } = usePartDetailsForm(
    { friendlyDescription: editing.friendlyDescription, notes: editing.notes },
    editing,
    image?.base64,
    close,
  );
  const dirty = useStore(form.store, (state) => state.isDirty) || image !== null;
  const ready = useStore(form.store, (state) => hasFriendlyDescription(state.values));
  const busy = submit.isPending || remove.isPending;

  const removePart = async () => {
    if (!(await modals.confirm(CATALOG_ADMIN_TEXT.confirmRemove))) return;
    try {
      const removed = await remove.mutateAsync(approved ?? editing);
      notify({ level: 'success', title: CATALOG_ADMIN_TEXT.removed(removed.combinedPartNumber) });
      reloadListsSoon(queryClient);
      close();
    } catch (error) {
      notifyChangeFailure(error);
    }
  };

  return (
    <SidePanel
      title={CATALOG_ADMIN_TEXT.partForm}
      closeTo={closeTo}
      size="large"
      dirty={dirty && !busy}
      locked={busy}
      initialFocus={friendlyRef}
      onSubmit={() => void form.handleSubmit()}
      description={`Part ${editing.combinedPartNumber} · ${editing.categoryDescription} › ${editing.commodityDescription}`}
      footer={
        <>
          <SidePanelCancel />
          {active && (
            <button type="button" className="button catalog-admin__remove" onClick={() => void removePart()} disabled={busy}>
              {remove.isPending ? 'Removing...' : 'Remove'}
            </button>
          )}
          <button type="submit" className="button button--primary" disabled={busy || !ready} aria-busy={submit.isPending}>
            {submit.isPending ? 'Submitting...' : 'Submit'}
          </button>
        </>
      }
    >
      {notice}
      <div className="catalog-part-versions">
        {approved ? (
          <PartCard title="Approved" part={approved} />
        ) : (
          <p className="catalog-part-versions__none">This part has no approved version yet.</p>
        )}
        {pending && <PartCard title="Pending" part={pending} />}
      </div>
      {request.comment && !request.isApproved && <p className="notice notice--info">Reviewer comment: {request.comment}</p>}
      <div className="form catalog-part-form">
        <h3 className="catalog-part-form__title">{pending ? 'Change the pending request' : 'Request a change'}</h3>
        <dl className="catalog-part-facts">
          <dt>Sub-part</dt>
          <dd>
            {editing.subPartNumber} {editing.subPartDescription}
          </dd>
          <dt>Unit of measure</dt>
          <dd>{editing.unitOfMeasure}</dd>
        </dl>
        <PartDetailsFields form={form} disabled={busy} initialFocus={friendlyRef} />
        <ImagePicker currentFileName={editing.imageFilename} image={image} onImage={setImage} disabled={busy} />
      </div>
    </SidePanel>
  );
}

/**
 * spec 3 §2 Part Form side panel over the admin of `plantNumber`: the part's change request, loaded fresh; offline, the
 * copy kept on the device, or the one the plant's kept catalog tells (api.ts readChangeRequest).
 */
export function PartFormPanel({ partsCatalogId, plantNumber, closeTo }: { partsCatalogId: number; plantNumber: string; closeTo: string }) {
  const request = useChangeRequest(partsCatalogId, plantNumber || undefined);
  if (request.data)
    return (
      <PartForm key={request.data.storedAt} request={request.data.data} closeTo={closeTo} notice={<KeptPartNotice read={request.data} />} />
    );
  return <RequestLoadingPanel title={CATALOG_ADMIN_TEXT.partForm} closeTo={closeTo} read={request} what="part" />;
}
