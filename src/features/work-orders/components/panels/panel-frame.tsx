import type { AnyFormApi } from '@tanstack/react-form';
import { notify } from '../../../../lib/notifier';
import { usePanelItemIn } from '../../../../entities/panel-item';
import { WriteRefusedError } from '../../../../offline/runtime';
import { DeviceFullError } from '../../../../offline/storage-full';
import { revalidateLogic } from '../../../../ui/form';
import { PanelLoading as PanelLoadingIn, ReturnTo } from '../../../../ui/panel-states';
import type { ServiceRequestView } from '../../model';
import { useReview } from '../review/review-context';
import { refusalField, refusalMessage, type ReviewPaths } from '../review/review-model';
import './panels.css';

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
  const item = usePanelItemIn(itemId, target.status === 'ready' ? target.view : undefined, find);
  if (target.status !== 'ready') return target;
  return item.status === 'ready' ? { ...target, item: item.item } : item;
}

/** spec 3 §2: "Each panel returns to the review screen if no active request is loaded." */
export function ReturnToReview() {
  return <ReturnTo href={useReview().reviewHref} />;
}

/** The panel while its request (or item) is still on its way. */
export function PanelLoading({ title }: { title: string }) {
  return <PanelLoadingIn title={title} closeTo={useReview().reviewHref} />;
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
