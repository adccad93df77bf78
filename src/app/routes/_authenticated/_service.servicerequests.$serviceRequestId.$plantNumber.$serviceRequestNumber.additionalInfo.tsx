import { createFileRoute } from '@tanstack/react-router';
import { InformationPanel } from '../../../features/work-orders/components/panels/information-panel';

/** spec 3 §2: …/{serviceRequestNumber}/additionalInfo, the Additional Information panel. */
export const Route = createFileRoute(
  '/_authenticated/_service/servicerequests/$serviceRequestId/$plantNumber/$serviceRequestNumber/additionalInfo',
)({
  staticData: { title: 'Additional Information' },
  component: () => <InformationPanel mode="additional" />,
});
