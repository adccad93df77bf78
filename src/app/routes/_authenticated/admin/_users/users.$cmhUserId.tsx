import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { EditUserPanel } from '../../../../../features/admin-users/components/user-form-panel';
import { useSignedInUser } from '../../../../../features/session/api/get-profile';
import { defineParams, NumericId } from '../../../../route-params';

const EditUserParams = v.object({ cmhUserId: NumericId });

/** spec 1 §2: /admin/users/{cmhUserId}, side panel Edit User over the users list. */
export const Route = createFileRoute('/_authenticated/admin/_users/users/$cmhUserId')({
  params: defineParams(EditUserParams),
  staticData: { title: 'Edit User' },
  component: function EditUserRoute() {
    const { cmhUserId } = Route.useParams();
    return <EditUserPanel key={cmhUserId} admin={useSignedInUser()} cmhUserId={cmhUserId} />;
  },
});
