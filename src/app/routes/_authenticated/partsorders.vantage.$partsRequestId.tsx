import { createFileRoute, notFound, redirect } from '@tanstack/react-router';
import * as v from 'valibot';
import { PartsOrderReview } from '../../../features/parts-orders/components/review/order-context';
import { PartsOrderScreen } from '../../../features/parts-orders/components/review/order-screen';
import { useSignedInUser } from '../../../features/session/api/get-profile';
import { deriveFlags } from '../../../lib/permissions';

const RequestParams = v.object({ partsRequestId: v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number)) });

/** spec 3 §2: /partsorders/vantage/{partsRequestId} — a submitted parts order, read-only, with the receipt of a SHIPPED one. */
export const Route = createFileRoute('/_authenticated/partsorders/vantage/$partsRequestId')({
  params: {
    parse: (params) => {
      const parsed = v.safeParse(RequestParams, params);
      if (!parsed.success) throw notFound();
      return parsed.output;
    },
    stringify: ({ partsRequestId }) => ({ partsRequestId: String(partsRequestId) }),
  },
  staticData: { title: 'Parts Order' },
  beforeLoad: ({ context }) => {
    if (!deriveFlags(context.user).isServiceViewer) throw redirect({ to: '/home', replace: true });
  },
  component: function SubmittedPartsOrderRoute() {
    const { partsRequestId } = Route.useParams();
    return <PartsOrderReview address={{ partsRequestId }} user={useSignedInUser()} screen={<PartsOrderScreen />} />;
  },
});
