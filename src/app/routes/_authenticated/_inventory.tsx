import { createFileRoute, redirect } from '@tanstack/react-router';
import { hasRole } from '../../../lib/permissions';

/** The guard of Inventory (/sales/inventory): Sales_User, Sales_Viewer, Service_User or Warranty_User (spec 2 §6). */
export const Route = createFileRoute('/_authenticated/_inventory')({
  beforeLoad: ({ context }) => {
    if (!hasRole(context.user, 'Sales_User', 'Sales_Viewer', 'Service_User', 'Warranty_User'))
      throw redirect({ to: '/home', replace: true });
  },
});
