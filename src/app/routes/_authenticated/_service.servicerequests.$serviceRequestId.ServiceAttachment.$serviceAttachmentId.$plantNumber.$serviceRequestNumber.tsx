import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { defineParams, RouteSegment } from '../../route-params';
import { AttachmentPanel } from '../../../features/work-orders/components/panels/attachment-panel';

/** spec 3 §2: /servicerequests/{serviceRequestId}/ServiceAttachment/{serviceAttachmentId}/{plantNumber}/{serviceRequestNumber}, edit an attachment. */
export const Route = createFileRoute(
  '/_authenticated/_service/servicerequests/$serviceRequestId/ServiceAttachment/$serviceAttachmentId/$plantNumber/$serviceRequestNumber',
)({
  params: defineParams(v.object({ serviceAttachmentId: RouteSegment, plantNumber: RouteSegment, serviceRequestNumber: RouteSegment })),
  staticData: { title: 'Edit Attachment' },
  component: function EditAttachmentRoute() {
    const { serviceAttachmentId } = Route.useParams();
    return <AttachmentPanel attachmentId={serviceAttachmentId} />;
  },
});
