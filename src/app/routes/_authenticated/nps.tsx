import { createFileRoute, redirect } from '@tanstack/react-router';
import { viewScope } from '../../../entities/view-scope';
import { NpsScreen } from '../../../features/nps/components/nps-screen';
import { HISTORY_KINDS } from '../../../features/service-history/api/keys';
import { useSignedInUser } from '../../../features/session/api/get-profile';
import { deriveFlags } from '../../../lib/permissions';

/**
 * spec 2 §2 NPS (/nps): users without the NPS permission, and type C retailers, are sent home (spec 2 §6). A completed
 * call's customer opens the service-history feature's screen; a home's history is on the device when its service
 * request lines are (the copy kept with its parts lines and card, when opened or primed for an open work order).
 */
export const Route = createFileRoute('/_authenticated/nps')({
  staticData: { title: 'NPS' },
  beforeLoad: ({ context }) => {
    if (!deriveFlags(context.user).canViewNps) throw redirect({ to: '/home', replace: true });
  },
  component: function NpsRoute() {
    const user = useSignedInUser();
    return <NpsScreen user={user} scope={viewScope(user)} serviceHistoryKind={HISTORY_KINDS.requests} />;
  },
});
