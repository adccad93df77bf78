import { createFileRoute } from '@tanstack/react-router';
import { ServiceItemPanel } from '../../../features/work-orders/components/panels/service-item-panel';

/** spec 3 §2: /workorders/{workOrderId}/lineitems/, add a service (line) item. */
export const Route = createFileRoute('/_authenticated/_service/workorders/$workOrderId/lineitems/')({
  staticData: { title: 'Add Service Item' },
  component: () => <ServiceItemPanel />,
});
