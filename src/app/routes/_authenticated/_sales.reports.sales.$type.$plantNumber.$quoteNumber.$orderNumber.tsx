import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { defineParams, RouteSegment } from '../../route-params';
import { PlantNumber } from '../../../contract';
import { SalesDetailScreen } from '../../../features/sales-detail/components/sales-detail-screen';
import { useSignedInUser } from '../../../features/session/api/get-profile';
import { viewScope } from '../../../entities/view-scope';

/** spec 2 §2 /reports/sales/{type}/{plantNumber}/{quoteNumber}/{orderNumber}: Order Detail when type is order, else Quote Detail. */
export const Route = createFileRoute('/_authenticated/_sales/reports/sales/$type/$plantNumber/$quoteNumber/$orderNumber')({
  params: defineParams(v.object({ type: RouteSegment, plantNumber: PlantNumber, quoteNumber: RouteSegment, orderNumber: RouteSegment })),
  staticData: { title: 'Sales Report' },
  component: function SalesReportRoute() {
    const user = useSignedInUser();
    const { type, plantNumber, quoteNumber, orderNumber } = Route.useParams();
    const title = type.toLowerCase() === 'order' ? 'Order Detail' : 'Quote Detail';
    return <SalesDetailScreen user={user} scope={viewScope(user)} title={title} target={{ plantNumber, quoteNumber, orderNumber }} />;
  },
});
