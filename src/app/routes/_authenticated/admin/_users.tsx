import { createFileRoute, Outlet } from '@tanstack/react-router';
import { UsersScreen } from '../../../../features/admin-users/components/users-screen';

/** The users list under its side panels: /admin/users, /admin/users/{cmhUserId} and /admin/newUser (spec 1 §2). */
export const Route = createFileRoute('/_authenticated/admin/_users')({
  staticData: { title: 'Users' },
  component: function UsersLayout() {
    return (
      <>
        <UsersScreen />
        <Outlet />
      </>
    );
  },
});
