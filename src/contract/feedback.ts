import * as v from 'valibot';
import { Text } from './text';

export const SATISFACTION_SCORES = [1, 2, 3, 4, 5] as const;
export const FEEDBACK_TEXT_MAX = 2000;
export const SATISFACTION_REQUIRED = 'Please rate your overall satisfaction from 1 to 5.';

const answer = (label: string) =>
  Text(FEEDBACK_TEXT_MAX, { allow: 'string', tooLong: `${label} can be no longer than ${FEEDBACK_TEXT_MAX} characters.` });

/** POST {api}/Survey/Feedback body: the Feedback tile's short survey (spec 1 §1 names it; its screen is ours). */
export const FeedbackSurvey = v.object({
  satisfaction: v.pipe(
    v.number(SATISFACTION_REQUIRED),
    v.integer(SATISFACTION_REQUIRED),
    v.minValue(1, SATISFACTION_REQUIRED),
    v.maxValue(5, SATISFACTION_REQUIRED),
  ),
  worksWell: answer('What works well'),
  improve: answer('What we could improve'),
  mayContact: v.boolean(),
});
export type FeedbackSurvey = v.InferOutput<typeof FeedbackSurvey>;

/** POST {api}/Survey/Feedback answer (201). */
export const FeedbackReceipt = v.object({ id: v.number() });
