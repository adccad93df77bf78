import { createFileRoute, Outlet } from '@tanstack/react-router';
import * as v from 'valibot';
import { useSignedInUser } from '../../../features/session/api/get-profile';
import { RequestReview } from '../../../features/work-orders/components/review/review-context';
import { ReviewScreen } from '../../../features/work-orders/components/review/review-screen';
import { defineParams, NumericId } from '../../route-params';

const WorkOrderParams = v.object({ workOrderId: NumericId });

/** spec 3 §2: /workorders/{workOrderId} — the review of a submitted work order, with its side panels as child routes. */
export const Route = createFileRoute('/_authenticated/_service/workorders/$workOrderId')({
  params: defineParams(WorkOrderParams),
  staticData: { title: 'Work Order' },
  component: function WorkOrderReviewLayout() {
    const { workOrderId } = Route.useParams();
    return (
      <RequestReview base={{ kind: 'workOrder', workOrderId }} user={useSignedInUser()} screen={<ReviewScreen />}>
        <Outlet />
      </RequestReview>
    );
  },
});
