import { createFileRoute, redirect } from '@tanstack/react-router';
import { EBE_HOME_PATH } from '../../../lib/constants';
import { deriveFlags } from '../../../lib/permissions';
import { useSignedInUser } from '../../../features/session/api/get-profile';
import { HomeScreen } from '../../shell/home-screen';

export const Route = createFileRoute('/_authenticated/home')({
  staticData: { title: 'Home' },
  // spec 1 §2 Home: users flagged isEbeUser go to the driver management search.
  beforeLoad: ({ context }) => {
    if (deriveFlags(context.user).isEbeUser) throw redirect({ href: EBE_HOME_PATH, replace: true });
  },
  component: function HomeRoute() {
    return <HomeScreen user={useSignedInUser()} />;
  },
});
