import { createFileRoute } from '@tanstack/react-router';
import { InformationPanel } from '../../../features/work-orders/components/panels/information-panel';

/** spec 3 §2: /workorders/{workOrderId}/info, the Information panel. */
export const Route = createFileRoute('/_authenticated/_service/workorders/$workOrderId/info')({
  staticData: { title: 'Information' },
  component: () => <InformationPanel mode="information" />,
});
