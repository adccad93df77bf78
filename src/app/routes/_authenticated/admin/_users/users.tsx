import { createFileRoute } from '@tanstack/react-router';

/** spec 1 §2: /admin/users, the users list (drawn by the layout above, under any open panel). */
export const Route = createFileRoute('/_authenticated/admin/_users/users')({
  staticData: { title: 'Users' },
});
