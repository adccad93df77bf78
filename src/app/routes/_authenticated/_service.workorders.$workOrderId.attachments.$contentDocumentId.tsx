import { createFileRoute } from '@tanstack/react-router';
import { AttachmentPanel } from '../../../features/work-orders/components/panels/attachment-panel';

/** spec 3 §2: /workorders/{workOrderId}/attachments/{contentDocumentId}, edit an attachment. */
export const Route = createFileRoute('/_authenticated/_service/workorders/$workOrderId/attachments/$contentDocumentId')({
  staticData: { title: 'Edit Attachment' },
  component: function EditWorkOrderAttachmentRoute() {
    const { contentDocumentId } = Route.useParams();
    return <AttachmentPanel attachmentId={contentDocumentId} />;
  },
});
