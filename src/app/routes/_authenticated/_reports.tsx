import { createFileRoute, redirect } from '@tanstack/react-router';
import { hasRole } from '../../../lib/permissions';

/** The guard of the Reports screen (/reports): Service_User, Service_Viewer, Sales_User or Sales_Viewer (spec 2 §6). */
export const Route = createFileRoute('/_authenticated/_reports')({
  beforeLoad: ({ context }) => {
    if (!hasRole(context.user, 'Service_User', 'Service_Viewer', 'Sales_User', 'Sales_Viewer'))
      throw redirect({ to: '/home', replace: true });
  },
});
