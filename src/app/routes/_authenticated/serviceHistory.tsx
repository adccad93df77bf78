import { createFileRoute, redirect } from '@tanstack/react-router';
import { canSeeServiceHistory } from '../../../lib/permissions';

/** spec 3 §2 Service history, both forms of its address; users who may not see it go home. */
export const Route = createFileRoute('/_authenticated/serviceHistory')({
  staticData: { title: 'Service History' },
  beforeLoad: ({ context }) => {
    if (!canSeeServiceHistory(context.user)) throw redirect({ to: '/home', replace: true });
  },
});
