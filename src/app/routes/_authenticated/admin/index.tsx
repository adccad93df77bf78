import { createFileRoute, redirect } from '@tanstack/react-router';

/** spec 1 §2: /admin/ redirects to /admin/users. */
export const Route = createFileRoute('/_authenticated/admin/')({
  beforeLoad: () => {
    throw redirect({ to: '/admin/users', replace: true });
  },
});
