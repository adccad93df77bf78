import { createFileRoute, redirect } from '@tanstack/react-router';
import { QuotesScreen } from '../../../features/quotes/components/quotes-screen';
import { useSignedInUser } from '../../../features/session/api/get-profile';
import { deriveFlags } from '../../../lib/permissions';

/** spec 2 §2 Quotes (/sales/quotes): sales users and viewers (spec 2 §6). */
export const Route = createFileRoute('/_authenticated/sales/quotes')({
  staticData: { title: 'Quotes' },
  beforeLoad: ({ context }) => {
    if (!deriveFlags(context.user).isSalesViewer) throw redirect({ to: '/home', replace: true });
  },
  component: function QuotesRoute() {
    return <QuotesScreen user={useSignedInUser()} />;
  },
});
