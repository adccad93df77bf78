import { createFileRoute } from '@tanstack/react-router';
import { PartsItemPanel } from '../../../features/work-orders/components/panels/parts-item-panel';

/** spec 3 §2: /workorders/{workOrderId}/partsitems/, add a parts item. */
export const Route = createFileRoute('/_authenticated/_service/workorders/$workOrderId/partsitems/')({
  staticData: { title: 'Add Parts Item' },
  component: () => <PartsItemPanel />,
});
