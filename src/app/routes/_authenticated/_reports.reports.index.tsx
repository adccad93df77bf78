import { createFileRoute, redirect } from '@tanstack/react-router';
import { DELIVERY_CACHE_KINDS } from '../../../features/delivery-reports/api/keys';
import { ReportsScreen } from '../../../features/reports/components/reports-screen';
import { useSignedInUser } from '../../../features/session/api/get-profile';
import { hasRole } from '../../../lib/permissions';
import { viewScope } from '../../../entities/view-scope';

/**
 * spec 2 §2 Reports (/reports): Service_User, Service_Viewer, Sales_User or Sales_Viewer (spec 2 §6). A delivery report
 * row opens the delivery-reports feature's view, which keeps each report opened under its cache kind.
 */
export const Route = createFileRoute('/_authenticated/reports/')({
  staticData: { title: 'Reports' },
  beforeLoad: ({ context }) => {
    if (!hasRole(context.user, 'Service_User', 'Service_Viewer', 'Sales_User', 'Sales_Viewer'))
      throw redirect({ to: '/home', replace: true });
  },
  component: function ReportsRoute() {
    const user = useSignedInUser();
    return <ReportsScreen user={user} scope={viewScope(user)} keptDeliveryReportKind={DELIVERY_CACHE_KINDS.submitted} />;
  },
});
