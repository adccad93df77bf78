import { useRouter } from '@tanstack/react-router';
import { createContext, use, useEffect, useMemo, type ReactNode } from 'react';
import { zoneOfRecordFor, zoneOfUser, type CmhUser } from '../../../../contract';
import { deriveFlags } from '../../../../lib/permissions';
import type { ServiceRequestView } from '../../model';
import { useRefreshOnDelivery, useRequestView, type RequestViewState } from '../../use-request-view';
import { reviewPath, reviewPaths, type ReviewBase, type ReviewPaths } from './review-model';
import { viewScope } from '../../../../entities/view-scope';

export interface ReviewContextValue {
  base: ReviewBase;
  state: RequestViewState;
  /** spec 3 §4, §6: a service admin on a request the server lets them edit, with no submit or cancel waiting. */
  editable: boolean;
  /** spec 3 §4: a service admin may archive a closed work order that is not archived yet (the server says canArchive). */
  archivable: boolean;
  /** The review and panel routes of the request, once it is loaded. */
  paths: ReviewPaths | undefined;
  /** Where the review is, also before the request is loaded. */
  reviewHref: string;
  /** The zone of the request's business day, whose "today" its date rules count from (contract/time-zones.ts). */
  timeZone: string;
}

const ReviewContext = createContext<ReviewContextValue | null>(null);

export function useReview(): ReviewContextValue {
  const value = use(ReviewContext);
  if (!value) throw new Error('useReview belongs under RequestReview.');
  return value;
}

export function canEditView(
  view: ServiceRequestView,
  user: Pick<CmhUser, 'roles' | 'isPlantUser' | 'isInternal' | 'currentRetailer' | 'availableRetailers'>,
) {
  return deriveFlags(user).isServiceAdmin && view.canEdit && !view.isArchived && !view.pendingSubmit && !view.pendingCancel;
}

/**
 * The review of one request (spec 3 §2): loads it as it will be (server copy + queued changes) and hands it to
 * the screen and to the side panels rendered over it (`children`: the route's <Outlet />).
 */
export function RequestReview({
  base,
  user,
  screen,
  children,
}: {
  base: ReviewBase;
  user: CmhUser;
  screen: ReactNode;
  children?: ReactNode;
}) {
  const address = base.kind === 'request' ? { serviceRequestId: base.serviceRequestId } : { workOrderId: base.workOrderId };
  const state = useRequestView(address, viewScope(user));
  useRefreshOnDelivery();
  const router = useRouter();

  // A request made offline reached the server: the same screen (and open panel) goes on under its server id.
  const movedTo = state.status === 'moved' ? state.serviceRequestId : undefined;
  const tempId = base.kind === 'request' ? base.serviceRequestId : undefined;
  useEffect(() => {
    if (movedTo === undefined || tempId === undefined) return;
    const from = `/servicerequests/${encodeURIComponent(tempId)}`;
    const { pathname } = router.state.location;
    const rest = pathname.startsWith(from) ? pathname.slice(from.length) : '/';
    void router.navigate({ href: `/servicerequests/${movedTo}${rest || '/'}`, replace: true, ignoreBlocker: true });
  }, [movedTo, tempId, router]);

  const view = state.status === 'ready' ? state.view : undefined;
  const value = useMemo<ReviewContextValue>(
    () => ({
      base,
      state,
      editable: view ? canEditView(view, user) : false,
      archivable: view ? deriveFlags(user).isServiceAdmin && view.canArchive && !view.isArchived : false,
      paths: view ? reviewPaths(base, view) : undefined,
      reviewHref: view ? reviewPaths(base, view).review : reviewPath(base),
      timeZone: view ? zoneOfRecordFor(user, view) : zoneOfUser(user),
    }),
    [base, state, view, user],
  );
  return (
    <ReviewContext value={value}>
      {screen}
      {children}
    </ReviewContext>
  );
}
