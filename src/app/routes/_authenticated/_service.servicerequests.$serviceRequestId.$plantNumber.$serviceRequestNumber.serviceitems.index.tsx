import { createFileRoute } from '@tanstack/react-router';
import { ServiceItemPanel } from '../../../features/work-orders/components/panels/service-item-panel';

/** spec 3 §2: …/{serviceRequestNumber}/serviceitems, add a service item. */
export const Route = createFileRoute(
  '/_authenticated/_service/servicerequests/$serviceRequestId/$plantNumber/$serviceRequestNumber/serviceitems/',
)({
  staticData: { title: 'Add Service Item' },
  component: () => <ServiceItemPanel />,
});
