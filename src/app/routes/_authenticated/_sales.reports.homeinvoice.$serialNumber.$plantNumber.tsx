import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { defineParams, RouteSegment } from '../../route-params';
import { PlantNumber } from '../../../contract';
import { SalesDetailScreen } from '../../../features/sales-detail/components/sales-detail-screen';
import { useSignedInUser } from '../../../features/session/api/get-profile';
import { viewScope } from '../../../entities/view-scope';

/** spec 2 §2 /reports/homeinvoice/{serialNumber}/{plantNumber}: the report titled Home Invoice. */
export const Route = createFileRoute('/_authenticated/_sales/reports/homeinvoice/$serialNumber/$plantNumber')({
  params: defineParams(v.object({ serialNumber: RouteSegment, plantNumber: PlantNumber })),
  staticData: { title: 'Home Invoice' },
  component: function HomeInvoiceRoute() {
    const user = useSignedInUser();
    const { serialNumber, plantNumber } = Route.useParams();
    return <SalesDetailScreen user={user} scope={viewScope(user)} title="Home Invoice" target={{ serialNumber, plantNumber }} />;
  },
});
