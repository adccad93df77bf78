import { paths, SupportMessage } from '../../contract';
import * as t from '../db/schema';
import { route } from '../http/route';
import { CreatedId } from '../http/route-doc';

/** support: the support request form (spec 1 §2, §5). */
export const supportRoutes = [
  route({
    method: 'POST',
    endpoint: paths.support,
    summary: 'Send a support request',
    answer: { status: 201, schema: CreatedId },
    body: SupportMessage,
    handle: async ({ c, db, session, body }) => {
      const [stored] = await db
        .insert(t.supportMessages)
        .values({ ...body, userId: session.user.cmhUserId, retailerNumber: session.user.retailerNumber })
        .returning({ id: t.supportMessages.id });
      return c.json({ id: stored!.id }, 201);
    },
  }),
];
