import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { defineParams, RouteSegment } from '../../route-params';
import { PartsItemPanel } from '../../../features/work-orders/components/panels/parts-item-panel';

/** spec 3 §2: …/PartsOrder/{partsOrderId}/PartsItem/{partsOrderItemId}, edit a parts item. */
export const Route = createFileRoute(
  '/_authenticated/_service/servicerequests/$serviceRequestId/PartsOrder/$partsOrderId/PartsItem/$partsOrderItemId',
)({
  params: defineParams(v.object({ partsOrderId: RouteSegment, partsOrderItemId: RouteSegment })),
  staticData: { title: 'Edit Parts Item' },
  component: function EditPartsItemRoute() {
    const { partsOrderItemId } = Route.useParams();
    return <PartsItemPanel itemId={partsOrderItemId} />;
  },
});
