import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { defineParams, RouteSegment } from '../../route-params';
import { AttachmentPanel } from '../../../features/work-orders/components/panels/attachment-panel';

/** spec 3 §2: /workorders/{workOrderId}/attachments/{contentDocumentId}, edit an attachment. */
export const Route = createFileRoute('/_authenticated/_service/workorders/$workOrderId/attachments/$contentDocumentId')({
  params: defineParams(v.object({ contentDocumentId: RouteSegment })),
  staticData: { title: 'Edit Attachment' },
  component: function EditWorkOrderAttachmentRoute() {
    const { contentDocumentId } = Route.useParams();
    return <AttachmentPanel attachmentId={contentDocumentId} />;
  },
});
