import { createFileRoute, notFound, Outlet } from '@tanstack/react-router';
import * as v from 'valibot';
import { useSignedInUser } from '../../../features/session/api/get-profile';
import { RequestReview } from '../../../features/work-orders/components/review/review-context';
import { ReviewScreen } from '../../../features/work-orders/components/review/review-screen';

const WorkOrderParams = v.object({ workOrderId: v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number)) });

/** spec 3 §2: /workorders/{workOrderId} — the review of a submitted work order, with its side panels as child routes. */
export const Route = createFileRoute('/_authenticated/workorders/$workOrderId')({
  params: {
    // An id that is not a number is an unknown route (spec 1 §2: /404).
    parse: (params) => {
      const parsed = v.safeParse(WorkOrderParams, params);
      if (!parsed.success) throw notFound();
      return parsed.output;
    },
    stringify: ({ workOrderId }) => ({ workOrderId: String(workOrderId) }),
  },
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
