import { createFileRoute } from '@tanstack/react-router';
import { DELIVERY_CACHE_KINDS } from '../../../features/delivery-reports/api/keys';
import { ReportsScreen } from '../../../features/reports/components/reports-screen';
import { useSignedInUser } from '../../../features/session/api/get-profile';
import { viewScope } from '../../../entities/view-scope';

/**
 * spec 2 §2 Reports (/reports), behind the guard of _reports.tsx (spec 2 §6). A delivery report
 * row opens the delivery-reports feature's view, which keeps each report opened under its cache kind.
 */
export const Route = createFileRoute('/_authenticated/_reports/reports/')({
  staticData: { title: 'Reports' },
  component: function ReportsRoute() {
    const user = useSignedInUser();
    return <ReportsScreen user={user} scope={viewScope(user)} keptDeliveryReportKind={DELIVERY_CACHE_KINDS.submitted} />;
  },
});
