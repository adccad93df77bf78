import { createFileRoute, redirect } from '@tanstack/react-router';
import { deriveFlags } from '../../../lib/permissions';

/** spec 1 §6: user administration is for admins only; anyone else who navigates to /admin/* goes home. */
export const Route = createFileRoute('/_authenticated/admin')({
  beforeLoad: ({ context }) => {
    if (!deriveFlags(context.user).isAdmin) throw redirect({ to: '/home', replace: true });
  },
});
