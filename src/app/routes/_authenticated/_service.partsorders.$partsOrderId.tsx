import { createFileRoute, Outlet } from '@tanstack/react-router';
import * as v from 'valibot';
import { PartsOrderReview } from '../../../features/parts-orders/components/review/order-context';
import { PartsOrderScreen } from '../../../features/parts-orders/components/review/order-screen';
import { useSignedInUser } from '../../../features/session/api/get-profile';
import { defineParams, ServerOrTempId } from '../../route-params';

/** A staged order's server id, or the temp id (tmp_…) of one made on this device that the server does not have yet. */
const OrderParams = v.object({ partsOrderId: ServerOrTempId });

/** spec 3 §2: /partsorders/{partsOrderId} — the staged parts order review, with its item panels as child routes. */
export const Route = createFileRoute('/_authenticated/_service/partsorders/$partsOrderId')({
  params: defineParams(OrderParams),
  staticData: { title: 'Parts Order' },
  component: function PartsOrderLayout() {
    const { partsOrderId } = Route.useParams();
    return (
      <PartsOrderReview address={{ partsOrderId }} user={useSignedInUser()} screen={<PartsOrderScreen />}>
        <Outlet />
      </PartsOrderReview>
    );
  },
});
