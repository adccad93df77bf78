import { createFileRoute, redirect } from '@tanstack/react-router';

/** spec 1 §2: /releaseNotes redirects to /home. */
export const Route = createFileRoute('/releaseNotes')({
  beforeLoad: () => {
    throw redirect({ to: '/home', replace: true });
  },
});
