import { createFileRoute } from '@tanstack/react-router';
import { LeadsScreen } from '../../../features/leads/components/leads-screen';
import { useSignedInUser } from '../../../features/session/api/get-profile';

/** spec 2 §2 Leads (/sales/leads): users without the leads permission, and type C retailers, are sent home (spec 2 §6). */
export const Route = createFileRoute('/_authenticated/_leads/sales/leads')({
  staticData: { title: 'Leads' },
  component: function LeadsRoute() {
    return <LeadsScreen user={useSignedInUser()} />;
  },
});
