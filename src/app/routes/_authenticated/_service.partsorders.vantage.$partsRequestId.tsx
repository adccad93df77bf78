import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { PartsOrderReview } from '../../../features/parts-orders/components/review/order-context';
import { PartsOrderScreen } from '../../../features/parts-orders/components/review/order-screen';
import { useSignedInUser } from '../../../features/session/api/get-profile';
import { defineParams, NumericId } from '../../route-params';

const RequestParams = v.object({ partsRequestId: NumericId });

/** spec 3 §2: /partsorders/vantage/{partsRequestId} — a submitted parts order, read-only, with the receipt of a SHIPPED one. */
export const Route = createFileRoute('/_authenticated/_service/partsorders/vantage/$partsRequestId')({
  params: defineParams(RequestParams),
  staticData: { title: 'Parts Order' },
  component: function SubmittedPartsOrderRoute() {
    const { partsRequestId } = Route.useParams();
    return <PartsOrderReview address={{ partsRequestId }} user={useSignedInUser()} screen={<PartsOrderScreen />} />;
  },
});
