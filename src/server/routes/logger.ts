import { LogMessage, paths } from '../../contract';
import * as t from '../db/schema';
import { route } from '../http/route';
import { CreatedId } from '../http/route-doc';

/**
 * The client's log calls (spec 1 §3, §7). A signed-in user is recorded with the message; the call
 * also works without a session, because a failed login is logged too (spec 1 §8).
 */
export const loggerRoutes = [
  route({
    method: 'POST',
    endpoint: paths.logger,
    summary: 'Log a message of the app',
    answer: { status: 201, schema: CreatedId },
    auth: 'optional',
    beforeTwoFactorSetup: true,
    body: LogMessage,
    handle: async ({ c, db, session, body }) => {
      const [stored] = await db
        .insert(t.logMessages)
        .values({ ...body, userId: session?.user.cmhUserId ?? null, userAgent: c.req.header('user-agent') ?? null })
        .returning({ id: t.logMessages.id });
      return c.json({ id: stored!.id }, 201);
    },
  }),
];
