import { createFileRoute, redirect } from '@tanstack/react-router';
import { InventoryScreen } from '../../../features/inventory/components/inventory-screen';
import { useSignedInUser } from '../../../features/session/api/get-profile';
import { hasRole } from '../../../lib/permissions';

/** Inventory (/sales/inventory): Sales_User, Sales_Viewer, Service_User or Warranty_User (spec 2 §6). */
export const Route = createFileRoute('/_authenticated/sales/inventory')({
  staticData: { title: 'Inventory' },
  beforeLoad: ({ context }) => {
    if (!hasRole(context.user, 'Sales_User', 'Sales_Viewer', 'Service_User', 'Warranty_User'))
      throw redirect({ to: '/home', replace: true });
  },
  component: function InventoryRoute() {
    return <InventoryScreen user={useSignedInUser()} />;
  },
});
