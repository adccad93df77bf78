import { createFileRoute } from '@tanstack/react-router';
import { NewUserPanel } from '../../../../../features/admin-users/components/user-form-panel';
import { useSignedInUser } from '../../../../../features/session/api/get-profile';

/** spec 1 §2: /admin/newUser, side panel New User over the users list. */
export const Route = createFileRoute('/_authenticated/admin/_users/newUser')({
  staticData: { title: 'New User' },
  component: function NewUserRoute() {
    return <NewUserPanel admin={useSignedInUser()} />;
  },
});
