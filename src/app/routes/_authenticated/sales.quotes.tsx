import { createFileRoute, redirect } from '@tanstack/react-router';
import { QuotesScreen } from '../../../features/quotes/components/quotes-screen';
import { keptSalesReports } from '../../../features/sales-detail/api/sales-detail';
import { useSignedInUser } from '../../../features/session/api/get-profile';
import { deriveFlags } from '../../../lib/permissions';
import { viewScope } from '../../../entities/view-scope';

/** spec 2 §2 Quotes (/sales/quotes): sales users and viewers (spec 2 §6). Viewing a quote opens its Quote Detail (sales-detail). */
export const Route = createFileRoute('/_authenticated/sales/quotes')({
  staticData: { title: 'Quotes' },
  beforeLoad: ({ context }) => {
    if (!deriveFlags(context.user).isSalesViewer) throw redirect({ to: '/home', replace: true });
  },
  component: function QuotesRoute() {
    const user = useSignedInUser();
    return <QuotesScreen user={user} keptReports={keptSalesReports(viewScope(user))} />;
  },
});
