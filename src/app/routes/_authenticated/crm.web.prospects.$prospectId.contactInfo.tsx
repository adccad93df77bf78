import { createFileRoute, notFound, redirect } from '@tanstack/react-router';
import { ProspectContact } from '../../../features/leads/components/prospect-contact';
import { deriveFlags } from '../../../lib/permissions';

/** spec 2 §2: where a lead's conversion lands, the new prospect's contact information. */
export const Route = createFileRoute('/_authenticated/crm/web/prospects/$prospectId/contactInfo')({
  staticData: { title: 'Contact Info' },
  params: {
    parse: ({ prospectId }) => {
      if (!/^\d{1,9}$/.test(prospectId)) throw notFound();
      return { prospectId: Number(prospectId) };
    },
    stringify: ({ prospectId }) => ({ prospectId: String(prospectId) }),
  },
  beforeLoad: ({ context }) => {
    if (!deriveFlags(context.user).canViewLeads) throw redirect({ to: '/home', replace: true });
  },
  component: function ProspectRoute() {
    const { prospectId } = Route.useParams();
    return <ProspectContact prospectId={prospectId} />;
  },
});
