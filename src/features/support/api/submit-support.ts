import * as v from 'valibot';
import { useMutation } from '@tanstack/react-query';
import { paths, type SupportMessage } from '../../../contract';
import { newUuid } from '../../../lib/ids';
import { sendOrQueue } from '../../../offline/runtime';

/** What the user did, as the outbox entry says it (OutboxIntent): sent a support request. */
export const SupportIntent = v.object({ feature: v.literal('support'), kind: v.literal('submit-support-request') });
export type SupportIntent = v.InferOutput<typeof SupportIntent>;
const SUBMIT_SUPPORT: SupportIntent = { feature: 'support', kind: 'submit-support-request' };

/** POST {api}/Support (spec 1 §7): body name, phone, priority, type, message; queued in the outbox when offline. */
export const submitSupport = (body: SupportMessage, online: boolean) =>
  sendOrQueue(
    {
      method: 'POST',
      base: paths.support.base,
      path: paths.support.path,
      body: { ...body },
      recordKey: `support:${newUuid()}`,
      label: `Support request: ${body.message.slice(0, 60)}`,
      intent: SUBMIT_SUPPORT,
    },
    online,
  );

export type SupportOutcome = Awaited<ReturnType<typeof submitSupport>>;

export function useSubmitSupport() {
  return useMutation({
    mutationFn: ({ body, online }: { body: SupportMessage; online: boolean }) => submitSupport(body, online),
  });
}
