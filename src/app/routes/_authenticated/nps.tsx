import { createFileRoute, redirect } from '@tanstack/react-router';
import { NpsScreen } from '../../../features/nps/components/nps-screen';
import { npsScope } from '../../../features/nps/list-rules';
import { useSignedInUser } from '../../../features/session/api/get-profile';
import { deriveFlags } from '../../../lib/permissions';

/** spec 2 §2 NPS (/nps): users without the NPS permission, and type C retailers, are sent home (spec 2 §6). */
export const Route = createFileRoute('/_authenticated/nps')({
  staticData: { title: 'NPS' },
  beforeLoad: ({ context }) => {
    if (!deriveFlags(context.user).canViewNps) throw redirect({ to: '/home', replace: true });
  },
  component: function NpsRoute() {
    const user = useSignedInUser();
    return <NpsScreen user={user} scope={npsScope(user)} />;
  },
});
