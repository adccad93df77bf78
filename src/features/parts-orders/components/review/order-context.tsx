import { useRouter } from '@tanstack/react-router';
import { createContext, use, useEffect, useMemo, type ReactNode } from 'react';
import { canMarkReceived, isStaged, type CmhUser } from '../../../../contract';
import { deriveFlags } from '../../../../lib/permissions';
import { stagedOrderPath, vantageOrderPath } from '../../messages';
import type { PartsOrderView } from '../../model';
import { usePartsOrderView, useRefreshOnDelivery, type OrderAddress, type OrderViewState } from '../../use-parts-order-view';

export interface OrderReviewValue {
  address: OrderAddress;
  user: CmhUser;
  state: OrderViewState;
  /** spec 3 §4, §6: a service admin on a staged order the server lets them edit, with no submit or cancel waiting. */
  editable: boolean;
  /** spec 3 §4: a service admin on a submitted order whose status is SHIPPED. */
  canReceive: boolean;
  /** Where the review is, also before the order is loaded. */
  reviewHref: string;
}

const OrderReviewContext = createContext<OrderReviewValue | null>(null);

export function useOrderReview(): OrderReviewValue {
  const value = use(OrderReviewContext);
  if (!value) throw new Error('useOrderReview belongs under PartsOrderReview.');
  return value;
}

type Subject = Pick<CmhUser, 'roles' | 'isPlantUser' | 'isInternal' | 'currentRetailer' | 'availableRetailers'>;

export const canEditOrder = (view: PartsOrderView, user: Subject) =>
  deriveFlags(user).isServiceAdmin && view.canEdit && isStaged(view) && !view.isClosed && !view.pendingSubmit && !view.pendingCancel;

export const canReceiveOrder = (view: PartsOrderView, user: Subject) =>
  deriveFlags(user).isServiceAdmin && !isStaged(view) && !view.isClosed && canMarkReceived(view);

const addressPath = (address: OrderAddress) =>
  'partsOrderId' in address ? stagedOrderPath(address.partsOrderId) : vantageOrderPath(address.partsRequestId);

/**
 * One parts order (spec 3 §2 /partsorders/{partsOrderId} and /partsorders/vantage/{partsRequestId}): loads it as it
 * will be (server copy + queued changes) and hands it to the screen and to the side panels over it (`children`:
 * the route's <Outlet />).
 */
export function PartsOrderReview({
  address,
  user,
  screen,
  children,
}: {
  address: OrderAddress;
  user: CmhUser;
  screen: ReactNode;
  children?: ReactNode;
}) {
  const state = usePartsOrderView(address, user);
  useRefreshOnDelivery();
  const router = useRouter();

  // An order made offline reached the server: the same screen (and open panel) goes on under its server id.
  const movedTo = state.status === 'moved' ? state.partsOrderId : undefined;
  // A staged address that now answers a submitted order: its read-only view lives at the request id.
  const submittedId = state.status === 'ready' && 'partsOrderId' in address ? state.view.vantagePartsRequestId : null;
  const tempId = 'partsOrderId' in address ? address.partsOrderId : undefined;
  useEffect(() => {
    if (movedTo !== undefined && tempId !== undefined) {
      const from = stagedOrderPath(tempId);
      const { pathname } = router.state.location;
      const rest = pathname.startsWith(from) ? pathname.slice(from.length) : '';
      void router.navigate({ href: `${stagedOrderPath(movedTo)}${rest}`, replace: true, ignoreBlocker: true });
    } else if (submittedId !== null) {
      void router.navigate({ href: vantageOrderPath(submittedId), replace: true, ignoreBlocker: true });
    }
  }, [movedTo, tempId, submittedId, router]);

  const view = state.status === 'ready' ? state.view : undefined;
  const value = useMemo<OrderReviewValue>(
    () => ({
      address,
      user,
      state,
      editable: view ? canEditOrder(view, user) : false,
      canReceive: view ? canReceiveOrder(view, user) : false,
      reviewHref: view && 'partsOrderId' in address ? stagedOrderPath(view.key) : addressPath(address),
    }),
    [address, user, state, view],
  );
  return (
    <OrderReviewContext value={value}>
      {screen}
      {children}
    </OrderReviewContext>
  );
}
