import { createFileRoute } from '@tanstack/react-router';
import { SalesDetailScreen } from '../../../features/sales-detail/components/sales-detail-screen';
import { useSignedInUser } from '../../../features/session/api/get-profile';
import { viewScope } from '../../../entities/view-scope';

/** spec 2 §2 /reports/homeinvoice/{serialNumber}/{plantNumber}: the report titled Home Invoice. */
export const Route = createFileRoute('/_authenticated/_sales/reports/homeinvoice/$serialNumber/$plantNumber')({
  staticData: { title: 'Home Invoice' },
  component: function HomeInvoiceRoute() {
    const user = useSignedInUser();
    const { serialNumber, plantNumber } = Route.useParams();
    return <SalesDetailScreen user={user} scope={viewScope(user)} title="Home Invoice" target={{ serialNumber, plantNumber }} />;
  },
});
