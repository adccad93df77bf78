import { createFileRoute, Outlet, useChildMatches } from '@tanstack/react-router';
import * as v from 'valibot';
import { useSignedInUser } from '../../../features/session/api/get-profile';
import { RequestReview } from '../../../features/work-orders/components/review/review-context';
import { ReviewScreen } from '../../../features/work-orders/components/review/review-screen';
import { defineParams, ServerOrTempId } from '../../route-params';

/** A request's server id, or the temp id (tmp_…) of one made on this device that the server does not have yet. */
const RequestParams = v.object({ serviceRequestId: ServerOrTempId });

/** The /servicerequests/{plantNumber}/{serviceRequestNumber} address shares this first segment (its plant number). */
const LOOKUP_ROUTE_ID = '/_authenticated/_service/servicerequests/$serviceRequestId/$plantNumber/';

/** spec 3 §2: /servicerequests/{serviceRequestId}/ — the review, with its side panels as child routes. */
export const Route = createFileRoute('/_authenticated/_service/servicerequests/$serviceRequestId')({
  params: defineParams(RequestParams),
  staticData: { title: 'Work Order' },
  component: function ServiceRequestReviewLayout() {
    const { serviceRequestId } = Route.useParams();
    const user = useSignedInUser();
    // The number lookup is no review: this layout steps aside and lets it redirect.
    const lookup = useChildMatches({ select: (matches) => matches.some((match) => match.routeId === LOOKUP_ROUTE_ID) });
    if (lookup) return <Outlet />;
    return (
      <RequestReview base={{ kind: 'request', serviceRequestId }} user={user} screen={<ReviewScreen />}>
        <Outlet />
      </RequestReview>
    );
  },
});
