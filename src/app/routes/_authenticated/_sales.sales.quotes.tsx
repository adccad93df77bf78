import { createFileRoute } from '@tanstack/react-router';
import { QuotesScreen } from '../../../features/quotes/components/quotes-screen';
import { keptSalesReports } from '../../../features/sales-detail/api/sales-detail';
import { useSignedInUser } from '../../../features/session/api/get-profile';
import { viewScope } from '../../../entities/view-scope';

/** spec 2 §2 Quotes (/sales/quotes): sales users and viewers (spec 2 §6). Viewing a quote opens its Quote Detail (sales-detail). */
export const Route = createFileRoute('/_authenticated/_sales/sales/quotes')({
  staticData: { title: 'Quotes' },
  component: function QuotesRoute() {
    const user = useSignedInUser();
    return <QuotesScreen user={user} keptReports={keptSalesReports(viewScope(user))} />;
  },
});
