import { createFileRoute } from '@tanstack/react-router';
import { useSignedInUser } from '../../../features/session/api/get-profile';
import { FeedbackScreen } from '../../../features/feedback/components/feedback-screen';

export const Route = createFileRoute('/_authenticated/feedback')({
  staticData: { title: 'Feedback' },
  component: function FeedbackRoute() {
    return <FeedbackScreen userName={useSignedInUser().userName} />;
  },
});
