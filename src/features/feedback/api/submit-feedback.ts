import { useMutation } from '@tanstack/react-query';
import { paths, type FeedbackSurvey } from '../../../contract';
import { newUuid } from '../../../lib/ids';
import { sendOrQueue } from '../../../offline/runtime';

/** POST {api}/Survey/Feedback: the Feedback tile's survey answers, sent now or queued in the outbox when offline. */
export const submitFeedback = (body: FeedbackSurvey, online: boolean) =>
  sendOrQueue(
    {
      method: 'POST',
      base: paths.feedback.base,
      path: paths.feedback.path,
      body: { ...body },
      recordKey: `feedback:${newUuid()}`,
      label: `Feedback (${body.satisfaction} of 5)`,
      intent: { feature: 'feedback', kind: 'submit-feedback' },
    },
    online,
  );

export function useSubmitFeedback() {
  return useMutation({
    mutationFn: ({ body, online }: { body: FeedbackSurvey; online: boolean }) => submitFeedback(body, online),
  });
}
