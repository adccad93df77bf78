import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { defineParams, RouteSegment } from '../../route-params';
import { PartsItemPanel } from '../../../features/parts-orders/components/panels/parts-item-panel';

/** spec 3 §2: /partsorders/{partsOrderId}/partsitems/{partsOrderItemId}, the side panel that edits a parts item. */
export const Route = createFileRoute('/_authenticated/_service/partsorders/$partsOrderId/partsitems/$partsOrderItemId')({
  params: defineParams(v.object({ partsOrderItemId: RouteSegment })),
  staticData: { title: 'Edit Parts Item' },
  component: function EditPartsItemRoute() {
    const { partsOrderItemId } = Route.useParams();
    return <PartsItemPanel itemKey={partsOrderItemId} />;
  },
});
