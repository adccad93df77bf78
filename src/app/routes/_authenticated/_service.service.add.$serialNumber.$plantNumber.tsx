import { createFileRoute, redirect } from '@tanstack/react-router';
import * as v from 'valibot';
import { defineParams, RouteSegment } from '../../route-params';
import { PlantNumber } from '../../../contract';
import { deriveFlags } from '../../../lib/permissions';
import { useSignedInUser } from '../../../features/session/api/get-profile';
import { AddWorkOrderScreen } from '../../../features/work-orders/components/list/add-work-order-screen';

/** spec 3 §2 /service/add/{serialNumber}/{plantNumber}: 'Add New Work Order' for one home. */
export const Route = createFileRoute('/_authenticated/_service/service/add/$serialNumber/$plantNumber')({
  params: defineParams(v.object({ serialNumber: RouteSegment, plantNumber: PlantNumber })),
  staticData: { title: 'Add New Work Order' },
  // spec 3 §6: only service admins create requests; a viewer sees the list instead.
  beforeLoad: ({ context }) => {
    if (!deriveFlags(context.user).isServiceAdmin) throw redirect({ to: '/service', replace: true });
  },
  component: function AddWorkOrderRoute() {
    const { serialNumber, plantNumber } = Route.useParams();
    const user = useSignedInUser();
    return <AddWorkOrderScreen key={`${serialNumber}/${plantNumber}`} user={user} serialNumber={serialNumber} plantNumber={plantNumber} />;
  },
});
