import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { defineParams, RouteSegment } from '../../route-params';
import { PartsItemPanel } from '../../../features/work-orders/components/panels/parts-item-panel';

/** spec 3 §2: /workorders/{workOrderId}/partsitems/{partslineitemId}, edit a parts item. */
export const Route = createFileRoute('/_authenticated/_service/workorders/$workOrderId/partsitems/$partslineitemId')({
  params: defineParams(v.object({ partslineitemId: RouteSegment })),
  staticData: { title: 'Edit Parts Item' },
  component: function EditPartsLineRoute() {
    const { partslineitemId } = Route.useParams();
    return <PartsItemPanel itemId={partslineitemId} />;
  },
});
