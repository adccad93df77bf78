import { createFileRoute } from '@tanstack/react-router';
import { PartsItemPanel } from '../../../features/parts-orders/components/panels/parts-item-panel';

/** spec 3 §2: /partsorders/{partsOrderId}/partsitems, the side panel that adds a parts item. */
export const Route = createFileRoute('/_authenticated/_service/partsorders/$partsOrderId/partsitems/')({
  staticData: { title: 'Add Parts Item' },
  component: () => <PartsItemPanel />,
});
