import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { defineParams, RouteSegment } from '../../route-params';
import { ServiceItemPanel } from '../../../features/work-orders/components/panels/service-item-panel';

/** spec 3 §2: …/serviceitems/{serviceRequestSequence}, edit a service item (an unsent one may be named by its temp id). */
export const Route = createFileRoute(
  '/_authenticated/_service/servicerequests/$serviceRequestId/$plantNumber/$serviceRequestNumber/serviceitems/$serviceRequestSequence',
)({
  params: defineParams(v.object({ plantNumber: RouteSegment, serviceRequestNumber: RouteSegment, serviceRequestSequence: RouteSegment })),
  staticData: { title: 'Edit Service Item' },
  component: function EditServiceItemRoute() {
    const { serviceRequestSequence } = Route.useParams();
    return <ServiceItemPanel itemId={serviceRequestSequence} by="sequence" />;
  },
});
