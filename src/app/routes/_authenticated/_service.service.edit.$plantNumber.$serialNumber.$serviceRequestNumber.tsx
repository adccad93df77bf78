import { createFileRoute, redirect } from '@tanstack/react-router';
import { workOrdersQueryOptions } from '../../../features/work-orders/api/get-work-orders';
import { findEditTarget } from '../../../features/work-orders/components/list/list-rules';
import { viewScope } from '../../../entities/view-scope';

/**
 * spec 3 §2 'Edit Work Order', the older route /service/edit/{plantNumber}/{serialNumber}/{serviceRequestNumber}:
 * the request of that plant and number in the work order list (the device's copy when offline) opens in the
 * review; no such request → /404.
 */
export const Route = createFileRoute('/_authenticated/_service/service/edit/$plantNumber/$serialNumber/$serviceRequestNumber')({
  // The loader reads the kept work-order list (IndexedDB): a chunk of its own, not part of the first route's JS.
  codeSplitGroupings: [['loader']],
  staticData: { title: 'Edit Work Order' },
  loader: async ({ context, params }) => {
    const list = await context.queryClient.ensureQueryData(workOrdersQueryOptions(viewScope(context.user)));
    const serviceRequestId = findEditTarget(list.data, params);
    if (serviceRequestId === undefined) throw redirect({ to: '/404', replace: true });
    throw redirect({ href: `/servicerequests/${serviceRequestId}/`, replace: true });
  },
});
