import { createFileRoute, redirect } from '@tanstack/react-router';
import * as v from 'valibot';
import { defineParams, RouteSegment } from '../../route-params';
import { PlantNumber } from '../../../contract';
import { deriveFlags } from '../../../lib/permissions';
import { useSignedInUser } from '../../../features/session/api/get-profile';
import { AddWorkOrderScreen } from '../../../features/work-orders/components/list/add-work-order-screen';
import { requestTypeFromRoute } from '../../../features/work-orders/components/list/list-rules';

/**
 * spec 3 §2 /service/add/{type}/{serialNumber}/{plantNumber}: 'Add New Work Order' with a request type. The create
 * call takes no type (spec 3 §7), so a known type travels to the review as ?type= for its information panel.
 */
export const Route = createFileRoute('/_authenticated/_service/service/add/$type/$serialNumber/$plantNumber')({
  params: defineParams(v.object({ type: RouteSegment, serialNumber: RouteSegment, plantNumber: PlantNumber })),
  staticData: { title: 'Add New Work Order' },
  beforeLoad: ({ context }) => {
    if (!deriveFlags(context.user).isServiceAdmin) throw redirect({ to: '/service', replace: true });
  },
  component: function AddTypedWorkOrderRoute() {
    const { type, serialNumber, plantNumber } = Route.useParams();
    const user = useSignedInUser();
    return (
      <AddWorkOrderScreen
        key={`${type}/${serialNumber}/${plantNumber}`}
        user={user}
        serialNumber={serialNumber}
        plantNumber={plantNumber}
        requestType={requestTypeFromRoute(type)}
      />
    );
  },
});
