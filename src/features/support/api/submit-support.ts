import { useMutation } from '@tanstack/react-query';
import { paths, type SupportMessage } from '../../../contract';
import { newUuid } from '../../../lib/ids';
import { sendOrQueue } from '../../../offline/runtime';

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
      intent: { feature: 'support', kind: 'submit-support-request' },
    },
    online,
  );

export type SupportOutcome = Awaited<ReturnType<typeof submitSupport>>;

export function useSubmitSupport() {
  return useMutation({
    mutationFn: ({ body, online }: { body: SupportMessage; online: boolean }) => submitSupport(body, online),
  });
}
