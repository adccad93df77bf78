import { createFileRoute, redirect } from '@tanstack/react-router';
import { SalesDetailScreen } from '../../../features/sales-detail/components/sales-detail-screen';
import { useSignedInUser } from '../../../features/session/api/get-profile';
import { deriveFlags } from '../../../lib/permissions';
import { viewScope } from '../../../entities/view-scope';

/** spec 2 §2 /reports/homeinvoice/{serialNumber}/{plantNumber}: the report titled Home Invoice. */
export const Route = createFileRoute('/_authenticated/reports/homeinvoice/$serialNumber/$plantNumber')({
  staticData: { title: 'Home Invoice' },
  beforeLoad: ({ context }) => {
    if (!deriveFlags(context.user).isSalesViewer) throw redirect({ to: '/home', replace: true });
  },
  component: function HomeInvoiceRoute() {
    const user = useSignedInUser();
    const { serialNumber, plantNumber } = Route.useParams();
    return <SalesDetailScreen user={user} scope={viewScope(user)} title="Home Invoice" target={{ serialNumber, plantNumber }} />;
  },
});
