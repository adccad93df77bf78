import { createFileRoute, redirect } from '@tanstack/react-router';
import { LeadsScreen } from '../../../features/leads/components/leads-screen';
import { useSignedInUser } from '../../../features/session/api/get-profile';
import { deriveFlags } from '../../../lib/permissions';

/** spec 2 §2 Leads (/sales/leads): users without the leads permission, and type C retailers, are sent home (spec 2 §6). */
export const Route = createFileRoute('/_authenticated/sales/leads')({
  staticData: { title: 'Leads' },
  beforeLoad: ({ context }) => {
    if (!deriveFlags(context.user).canViewLeads) throw redirect({ to: '/home', replace: true });
  },
  component: function LeadsRoute() {
    return <LeadsScreen user={useSignedInUser()} />;
  },
});
