import * as v from 'valibot';
import { useMutation } from '@tanstack/react-query';
import { paths, type FeedbackSurvey } from '../../../contract';
import { newUuid } from '../../../lib/ids';
import { sendOrQueue } from '../../../offline/runtime';

/** What the user did, as the outbox entry says it (OutboxIntent): sent the survey. */
export const FeedbackIntent = v.object({ feature: v.literal('feedback'), kind: v.literal('submit-feedback') });
export type FeedbackIntent = v.InferOutput<typeof FeedbackIntent>;
const SUBMIT_FEEDBACK: FeedbackIntent = { feature: 'feedback', kind: 'submit-feedback' };

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
      intent: SUBMIT_FEEDBACK,
    },
    online,
  );

export function useSubmitFeedback() {
  return useMutation({
    mutationFn: ({ body, online }: { body: FeedbackSurvey; online: boolean }) => submitFeedback(body, online),
  });
}
