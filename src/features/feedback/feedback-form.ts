import * as v from 'valibot';
import { FeedbackSurvey } from '../../contract';

/** The survey as the form holds it: the rating comes from radio buttons as text ('' until one is chosen). */
export const FeedbackForm = v.object({
  ...FeedbackSurvey.entries,
  satisfaction: v.pipe(v.string(), v.transform(Number), FeedbackSurvey.entries.satisfaction),
});
