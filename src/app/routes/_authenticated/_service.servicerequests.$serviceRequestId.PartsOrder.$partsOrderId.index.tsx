import { createFileRoute } from '@tanstack/react-router';
import { PartsItemPanel } from '../../../features/work-orders/components/panels/parts-item-panel';

/** spec 3 §2: /servicerequests/{serviceRequestId}/PartsOrder/{partsOrderId}, add a parts item. */
export const Route = createFileRoute('/_authenticated/_service/servicerequests/$serviceRequestId/PartsOrder/$partsOrderId/')({
  staticData: { title: 'Add Parts Item' },
  component: () => <PartsItemPanel />,
});
