import type { AnyFormApi } from '@tanstack/react-form';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { notify } from '../../../../lib/notifier';
import { useResolvedTempId } from '../../../../offline/use-outbox';
import { WriteRefusedError } from '../../../../offline/runtime';
import { DeviceFullError } from '../../../../offline/storage-full';
import { revalidateLogic } from '../../../../ui/form';
import { SidePanel, SidePanelCancel } from '../../../../ui/side-panel';
import type { ServiceRequestView } from '../../model';
import { useReview } from '../review/review-context';
import { refusalField, refusalMessage, type ReviewPaths } from '../review/review-model';
import './panels.css';

/**
 * How long a panel waits for its item to show up again before it returns to the review: when the outbox
 * delivers an item the queued copy leaves the queue a moment before the server's fresh copy arrives.
 */
export const ITEM_GRACE_MS = 2_000;

/**
 * The panels' forms check on every change (messages still show only once a field was left or a save tried):
 * TanStack refuses a first submit while errors are standing, so checking only on blur would let a stale
 * message block a save made with Enter right after a change.
 */
export const PANEL_VALIDATION = revalidateLogic({ mode: 'change', modeAfterSubmission: 'change' });

export type PanelRequest = { status: 'waiting' } | { status: 'gone' } | { status: 'ready'; view: ServiceRequestView; paths: ReviewPaths };

/** spec 3 §2: a panel works on the loaded request; with none (or for someone who cannot edit it) it returns to the review. */
export function usePanelRequest(): PanelRequest {
  const { state, editable, paths } = useReview();
  if (state.status === 'loading' || state.status === 'moved') return { status: 'waiting' };
  if (state.status !== 'ready' || !editable || !paths) return { status: 'gone' };
  return { status: 'ready', view: state.view, paths };
}

/** True once `present` has been false for `graceMs` on end (it is reset whenever it is true again). */
export function useGone(present: boolean, graceMs = ITEM_GRACE_MS): boolean {
  const [gone, setGone] = useState(false);
  useEffect(() => {
    if (present) {
      setGone(false);
      return;
    }
    const timer = setTimeout(() => setGone(true), graceMs);
    return () => clearTimeout(timer);
  }, [present, graceMs]);
  return gone && !present;
}

export type PanelItem<Item> =
  { status: 'waiting' } | { status: 'gone' } | { status: 'ready'; view: ServiceRequestView; paths: ReviewPaths; item: Item | undefined };

/**
 * The request and the item an edit panel's route names (`itemId` undefined: an add panel). The id may be the
 * temp id of an item not sent yet, and still finds it once the server has given it its id. An item that
 * goes missing for longer than ITEM_GRACE_MS (deleted, or never there) sends the panel back to the review.
 */
export function usePanelItem<Item>(
  itemId: string | undefined,
  find: (view: ServiceRequestView, ids: readonly string[]) => Item | undefined,
): PanelItem<Item> {
  const target = usePanelRequest();
  const resolved = useResolvedTempId(itemId ?? '');
  const ids = [itemId, resolved].filter((id) => id !== undefined).map(String);
  const found = target.status === 'ready' && itemId !== undefined ? find(target.view, ids) : undefined;
  const last = useRef<Item | undefined>(undefined);
  if (found !== undefined) last.current = found;
  const gone = useGone(target.status !== 'ready' || itemId === undefined || found !== undefined);
  if (target.status !== 'ready') return target;
  if (itemId === undefined) return { ...target, item: undefined };
  if (gone) return { status: 'gone' };
  const item = found ?? last.current;
  return item === undefined ? { status: 'waiting' } : { ...target, item };
}

/** spec 3 §2: "Each panel returns to the review screen if no active request is loaded." */
export function ReturnToReview() {
  const { reviewHref } = useReview();
  const router = useRouter();
  useEffect(() => {
    void router.navigate({ href: reviewHref, replace: true, ignoreBlocker: true });
  }, [router, reviewHref]);
  return null;
}

/** The panel while its request (or item) is still on its way. */
export function PanelLoading({ title }: { title: string }) {
  const { reviewHref } = useReview();
  return (
    <SidePanel title={title} closeTo={reviewHref} footer={<SidePanelCancel>Close</SidePanelCancel>}>
      <p role="status" className="page__loading">
        Loading...
      </p>
    </SidePanel>
  );
}

/** A message about the whole form (not one field), e.g. the server's refusal. */
export function FormError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p className="notice notice--warning panel-form__error" role="alert">
      {message}
    </p>
  );
}

/**
 * A write the server refused while the panel is open: its message goes on the field it names (the server
 * writes 'Message. (field)'), else it is the form's message (returned). Anything else is reported and returned too.
 */
export function placeWriteError(error: unknown, form: AnyFormApi, fields: readonly string[]): string | undefined {
  if (error instanceof DeviceFullError) {
    // "Try again" would not help: the form says what is wrong and what to do.
    notify({ level: 'error', id: 'device-full', title: 'This device has no room left for this change.' });
    return error.message;
  }
  if (!(error instanceof WriteRefusedError)) {
    notify({ level: 'error', title: 'The change was not saved.', description: error instanceof Error ? error.message : String(error) });
    return 'The change was not saved. Try again.';
  }
  const field = refusalField(error.message);
  const message = refusalMessage(error.message);
  if (field && fields.includes(field)) {
    // Kept until the field changes or the form is submitted again (TanStack clears onSubmit errors then).
    form.setFieldMeta(field, (meta) => ({ ...meta, isBlurred: true, errorMap: { ...meta.errorMap, onSubmit: message } }));
    return undefined;
  }
  return error.error.status === 409 ? `${message} The latest version has been loaded: check it and save again.` : message;
}
