import { createFileRoute } from '@tanstack/react-router';
import { useSignedInUser } from '../../../features/session/api/get-profile';
import { SupportScreen } from '../../../features/support/components/support-screen';

export const Route = createFileRoute('/_authenticated/support')({
  staticData: { title: 'Support' },
  component: function SupportRoute() {
    return <SupportScreen user={useSignedInUser()} />;
  },
});
