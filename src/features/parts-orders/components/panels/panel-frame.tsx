import { usePanelItemIn } from '../../../../entities/panel-item';
import { PanelLoading as PanelLoadingIn, ReturnTo } from '../../../../ui/panel-states';
import type { PartsOrderItemView, PartsOrderView } from '../../model';
import { useOrderReview } from '../review/order-context';

export type PanelTarget =
  { status: 'waiting' } | { status: 'gone' } | { status: 'ready'; view: PartsOrderView; item: PartsOrderItemView | undefined };

/**
 * The order and the item a panel's route names (`itemKey` undefined: the add panel). spec 3 §2: both panels
 * return to the review when no order is loaded (or it cannot be edited); the item may be one not sent yet
 * (temp id), still found once the server has given it its id.
 */
export function usePanelTarget(itemKey: string | undefined): PanelTarget {
  const { state, editable } = useOrderReview();
  const view = state.status === 'ready' && editable ? state.view : undefined;
  const target = usePanelItemIn(itemKey, view, (order, ids) =>
    order.partsItems.find((item) => ids.includes(item.key) || ids.includes(String(item.partsOrderItemId))),
  );
  if (state.status === 'loading' || state.status === 'moved') return { status: 'waiting' };
  if (!view) return { status: 'gone' };
  return target.status === 'ready' ? { status: 'ready', view, item: target.item } : target;
}

/** spec 3 §2: "Both panels return to the parts order review if no active parts order is held." */
export function ReturnToReview() {
  return <ReturnTo href={useOrderReview().reviewHref} />;
}

/** The panel while its order (or item) is still on its way. */
export function PanelLoading({ title }: { title: string }) {
  return <PanelLoadingIn title={title} closeTo={useOrderReview().reviewHref} />;
}
