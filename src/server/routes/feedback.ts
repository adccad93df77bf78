import { FeedbackReceipt, FeedbackSurvey, paths } from '../../contract';
import * as t from '../db/schema';
import { route } from '../http/route';

/** feedback: the Feedback tile's survey, stored with who answered it and for which retail center. */
export const feedbackRoutes = [
  route({
    method: 'POST',
    endpoint: paths.feedback,
    summary: 'Answer the Feedback survey',
    answer: { status: 201, schema: FeedbackReceipt },
    body: FeedbackSurvey,
    handle: async ({ c, db, session, body }) => {
      const [stored] = await db
        .insert(t.feedbackResponses)
        .values({ ...body, userId: session.user.cmhUserId, retailerNumber: session.user.retailerNumber })
        .returning({ id: t.feedbackResponses.id });
      return c.json({ id: stored!.id }, 201);
    },
  }),
];
