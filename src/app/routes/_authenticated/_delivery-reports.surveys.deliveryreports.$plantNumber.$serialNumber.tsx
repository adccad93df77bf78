import { createFileRoute, redirect } from '@tanstack/react-router';
import * as v from 'valibot';
import { defineParams, RouteSegment } from '../../route-params';
import { PlantNumber } from '../../../contract';
import { canWriteDeliveryReports } from '../../../features/delivery-reports/api/keys';
import { DeliveryFormScreen } from '../../../features/delivery-reports/components/delivery-form-screen';
import { DELIVERY_TITLES, AttachmentSearch } from '../../../features/delivery-reports/routes';
import { useSignedInUser } from '../../../features/session/api/get-profile';
import { viewScope } from '../../../entities/view-scope';

/** spec 2 §2 /surveys/deliveryreports/{plantNumber}/{serialNumber}: a home's blank delivery report; ?attachment= opens the side panel. */
export const Route = createFileRoute('/_authenticated/_delivery-reports/surveys/deliveryreports/$plantNumber/$serialNumber')({
  params: defineParams(v.object({ plantNumber: PlantNumber, serialNumber: RouteSegment })),
  staticData: { title: DELIVERY_TITLES.form },
  validateSearch: AttachmentSearch,
  beforeLoad: ({ context }) => {
    if (!canWriteDeliveryReports(context.user)) throw redirect({ to: '/home', replace: true });
  },
  component: function DeliveryFormRoute() {
    const user = useSignedInUser();
    const { plantNumber, serialNumber } = Route.useParams();
    const panelTarget = Route.useSearch({ select: (search) => search.attachment });
    return (
      <DeliveryFormScreen
        key={`${plantNumber}/${serialNumber}`}
        scope={viewScope(user)}
        plantNumber={plantNumber}
        serialNumber={serialNumber}
        panelTarget={panelTarget}
      />
    );
  },
});
