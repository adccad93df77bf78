import { createFileRoute } from '@tanstack/react-router';
import { AttachmentPanel } from '../../../features/work-orders/components/panels/attachment-panel';

/** spec 3 §2: /servicerequests/{serviceRequestId}/{plantNumber}/{serviceRequestNumber}/ServiceAttachment, add attachments. */
export const Route = createFileRoute(
  '/_authenticated/_service/servicerequests/$serviceRequestId/$plantNumber/$serviceRequestNumber/ServiceAttachment',
)({
  staticData: { title: 'Add Attachment' },
  component: () => <AttachmentPanel />,
});
