import { createFileRoute, redirect } from '@tanstack/react-router';
import { workOrdersQueryOptions } from '../../../features/work-orders/api/get-work-orders';
import { findEditTarget } from '../../../features/work-orders/components/list/list-rules';
import { viewScope } from '../../../entities/view-scope';

/**
 * spec 3 §2 'Edit Work Order', the older route /service/edit/{plantNumber}/{serialNumber}/{serviceRequestNumber}/{serviceID}:
 * {serviceID} is the request's id, so the review opens on it at once (offline too); a {serviceID} that is not an id
 * falls back to plant and number in the work order list; no such request → /404.
 */
export const Route = createFileRoute('/_authenticated/_service/service/edit/$plantNumber/$serialNumber/$serviceRequestNumber/$serviceID')({
  // The loader reads the kept work-order list (IndexedDB): a chunk of its own, not part of the first route's JS.
  codeSplitGroupings: [['loader']],
  staticData: { title: 'Edit Work Order' },
  loader: async ({ context, params }) => {
    const byId = findEditTarget([], { ...params, serviceId: params.serviceID });
    const serviceRequestId =
      byId ?? findEditTarget((await context.queryClient.ensureQueryData(workOrdersQueryOptions(viewScope(context.user)))).data, params);
    if (serviceRequestId === undefined) throw redirect({ to: '/404', replace: true });
    throw redirect({ href: `/servicerequests/${serviceRequestId}/`, replace: true });
  },
});
