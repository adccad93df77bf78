import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { defineParams, RouteSegment } from '../../route-params';
import { ServiceItemPanel } from '../../../features/work-orders/components/panels/service-item-panel';

/** spec 3 §2: /workorders/{workOrderId}/lineitems/{lineItemId}, edit a service (line) item; an unsent one by its temp id. */
export const Route = createFileRoute('/_authenticated/_service/workorders/$workOrderId/lineitems/$lineItemId')({
  params: defineParams(v.object({ lineItemId: RouteSegment })),
  staticData: { title: 'Edit Service Item' },
  component: function EditLineItemRoute() {
    const { lineItemId } = Route.useParams();
    return <ServiceItemPanel itemId={lineItemId} by="id" />;
  },
});
