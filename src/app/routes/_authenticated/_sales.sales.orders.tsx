import { createFileRoute } from '@tanstack/react-router';
import { OrdersScreen } from '../../../features/orders/components/orders-screen';
import { keptSalesReports } from '../../../features/sales-detail/api/sales-detail';
import { useSignedInUser } from '../../../features/session/api/get-profile';
import { viewScope } from '../../../entities/view-scope';

/** spec 2 §2 Orders (/sales/orders): sales users and viewers (spec 2 §6). A row opens its Order Detail (sales-detail). */
export const Route = createFileRoute('/_authenticated/_sales/sales/orders')({
  staticData: { title: 'Orders' },
  component: function OrdersRoute() {
    const user = useSignedInUser();
    return <OrdersScreen user={user} keptReports={keptSalesReports(viewScope(user))} />;
  },
});
