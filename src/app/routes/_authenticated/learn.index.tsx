import { createFileRoute } from '@tanstack/react-router';
import { LearnScreen } from '../../../features/learn/components/learn-screen';
import { useSignedInUser } from '../../../features/session/api/get-profile';

/** spec 3 §2 /learn: manuals grouped by category (everyone, spec 3 §6). */
export const Route = createFileRoute('/_authenticated/learn/')({
  staticData: { title: 'Learn' },
  component: function LearnRoute() {
    return <LearnScreen user={useSignedInUser()} />;
  },
});
