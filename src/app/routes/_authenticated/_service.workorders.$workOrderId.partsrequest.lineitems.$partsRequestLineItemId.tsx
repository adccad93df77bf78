import { createFileRoute } from '@tanstack/react-router';
import { PartsItemPanel } from '../../../features/work-orders/components/panels/parts-item-panel';

/** spec 3 §2: /workorders/{workOrderId}/partsrequest/lineitems/{partsRequestLineItemId}, edit a part already on a parts request. */
export const Route = createFileRoute('/_authenticated/_service/workorders/$workOrderId/partsrequest/lineitems/$partsRequestLineItemId')({
  staticData: { title: 'Edit Parts Item' },
  component: function EditPartsRequestLineRoute() {
    const { partsRequestLineItemId } = Route.useParams();
    return <PartsItemPanel itemId={partsRequestLineItemId} by="partsRequestLine" />;
  },
});
