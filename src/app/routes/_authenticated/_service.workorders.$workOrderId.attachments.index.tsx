import { createFileRoute } from '@tanstack/react-router';
import { AttachmentPanel } from '../../../features/work-orders/components/panels/attachment-panel';

/** spec 3 §2: /workorders/{workOrderId}/attachments, add attachments. */
export const Route = createFileRoute('/_authenticated/_service/workorders/$workOrderId/attachments/')({
  staticData: { title: 'Add Attachment' },
  component: () => <AttachmentPanel />,
});
