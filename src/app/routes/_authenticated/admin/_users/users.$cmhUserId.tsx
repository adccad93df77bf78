import { createFileRoute, notFound } from '@tanstack/react-router';
import * as v from 'valibot';
import { EditUserPanel } from '../../../../../features/admin-users/components/user-form-panel';
import { useSignedInUser } from '../../../../../features/session/api/get-profile';

const EditUserParams = v.object({ cmhUserId: v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number)) });

/** spec 1 §2: /admin/users/{cmhUserId}, side panel Edit User over the users list. */
export const Route = createFileRoute('/_authenticated/admin/_users/users/$cmhUserId')({
  params: {
    // An id that is not a number is an unknown route (spec 1 §2: /404).
    parse: (params) => {
      const parsed = v.safeParse(EditUserParams, params);
      if (!parsed.success) throw notFound();
      return parsed.output;
    },
    stringify: ({ cmhUserId }) => ({ cmhUserId: String(cmhUserId) }),
  },
  staticData: { title: 'Edit User' },
  component: function EditUserRoute() {
    const { cmhUserId } = Route.useParams();
    return <EditUserPanel key={cmhUserId} admin={useSignedInUser()} cmhUserId={cmhUserId} />;
  },
});
