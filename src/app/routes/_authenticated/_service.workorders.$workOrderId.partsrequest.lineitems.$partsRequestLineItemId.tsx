import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { defineParams, RouteSegment } from '../../route-params';
import { PartsItemPanel } from '../../../features/work-orders/components/panels/parts-item-panel';

/** spec 3 §2: /workorders/{workOrderId}/partsrequest/lineitems/{partsRequestLineItemId}, edit a part already on a parts request. */
export const Route = createFileRoute('/_authenticated/_service/workorders/$workOrderId/partsrequest/lineitems/$partsRequestLineItemId')({
  params: defineParams(v.object({ partsRequestLineItemId: RouteSegment })),
  staticData: { title: 'Edit Parts Item' },
  component: function EditPartsRequestLineRoute() {
    const { partsRequestLineItemId } = Route.useParams();
    return <PartsItemPanel itemId={partsRequestLineItemId} by="partsRequestLine" />;
  },
});
