import { useRouter } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useResolvedTempId } from '../../../../offline/use-outbox';
import { SidePanel, SidePanelCancel } from '../../../../ui/side-panel';
import type { PartsOrderItemView, PartsOrderView } from '../../model';
import { useOrderReview } from '../review/order-context';

/**
 * How long a panel waits for its item to show up again before it returns to the review: when the outbox
 * delivers an item the queued copy leaves the queue a moment before the server's fresh copy arrives.
 */
export const ITEM_GRACE_MS = 2_000;

/** True once `present` has been false for `graceMs` on end (reset whenever it is true again). */
function useGone(present: boolean, graceMs = ITEM_GRACE_MS): boolean {
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

export type PanelTarget =
  { status: 'waiting' } | { status: 'gone' } | { status: 'ready'; view: PartsOrderView; item: PartsOrderItemView | undefined };

/**
 * The order and the item a panel's route names (`itemKey` undefined: the add panel). spec 3 §2: both panels
 * return to the review when no order is loaded (or it cannot be edited); the item may be one not sent yet
 * (temp id), still found once the server has given it its id.
 */
export function usePanelTarget(itemKey: string | undefined): PanelTarget {
  const { state, editable } = useOrderReview();
  const resolved = useResolvedTempId(itemKey ?? '');
  const ids = [itemKey, resolved].filter((id) => id !== undefined).map(String);
  const view = state.status === 'ready' && editable ? state.view : undefined;
  const found =
    view && itemKey !== undefined
      ? view.partsItems.find((item) => ids.includes(item.key) || ids.includes(String(item.partsOrderItemId)))
      : undefined;
  const last = useRef<PartsOrderItemView | undefined>(undefined);
  if (found) last.current = found;
  const gone = useGone(view === undefined || itemKey === undefined || found !== undefined);
  if (state.status === 'loading' || state.status === 'moved') return { status: 'waiting' };
  if (!view) return { status: 'gone' };
  if (itemKey === undefined) return { status: 'ready', view, item: undefined };
  if (gone) return { status: 'gone' };
  const item = found ?? last.current;
  return item ? { status: 'ready', view, item } : { status: 'waiting' };
}

/** spec 3 §2: "Both panels return to the parts order review if no active parts order is held." */
export function ReturnToReview() {
  const { reviewHref } = useOrderReview();
  const router = useRouter();
  useEffect(() => {
    void router.navigate({ href: reviewHref, replace: true, ignoreBlocker: true });
  }, [router, reviewHref]);
  return null;
}

/** The panel while its order (or item) is still on its way. */
export function PanelLoading({ title }: { title: string }) {
  const { reviewHref } = useOrderReview();
  return (
    <SidePanel title={title} closeTo={reviewHref} footer={<SidePanelCancel>Close</SidePanelCancel>}>
      <p role="status" className="page__loading">
        Loading...
      </p>
    </SidePanel>
  );
}
