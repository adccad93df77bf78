import { createFileRoute, redirect } from '@tanstack/react-router';
import { deriveFlags } from '../../../lib/permissions';

/** The guard of the leads area (spec 2 §6, the server's rule: canViewLeads): /sales/leads and a converted lead's prospect. */
export const Route = createFileRoute('/_authenticated/_leads')({
  beforeLoad: ({ context }) => {
    if (!deriveFlags(context.user).canViewLeads) throw redirect({ to: '/home', replace: true });
  },
});
