import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback } from 'react';
import { notify } from '../lib/notifier';
import { writeSettlingConflicts, type AskConflict, type DroppedWrite } from './conflicts';
import type { OutboxCall } from './outbox';
import { submitWrite, type WriteOutcome } from './runtime';
import { useOnline } from './use-connection';
import { DROPPED_MESSAGES, QUEUED_MESSAGE } from './write-messages';

/**
 * A feature's write through the outbox (submitWrite), said to the user: its success toast when the server took
 * it (then the feature's queries under `invalidateKey` are fetched again), the queued notice when it waits on
 * the device. A 409 asks the user through `askConflict` (mine beside theirs) when given; any other refusal is
 * thrown (WriteRefusedError) for the screen to show. `invalidateKey` is a module constant (a feature's
 * `keys.all`), so the callback keeps its identity.
 */
export function useOutboxWrite(invalidateKey: QueryKey, queuedNoticeId: string, askConflict?: AskConflict) {
  const queryClient = useQueryClient();
  const online = useOnline();
  return useCallback(
    async (call: OutboxCall, successMessage: string): Promise<WriteOutcome | DroppedWrite> => {
      const submit = (next: OutboxCall) => submitWrite(next, online);
      const outcome = askConflict ? await writeSettlingConflicts(call, submit, askConflict) : await submit(call);
      if (outcome.status === 'sent') {
        notify({ level: 'success', title: successMessage });
        await queryClient.invalidateQueries({ queryKey: invalidateKey });
      } else if (outcome.status === 'dropped') {
        notify({ level: 'info', title: DROPPED_MESSAGES[outcome.kept], description: call.label });
        await queryClient.invalidateQueries({ queryKey: invalidateKey });
      } else {
        notify({ level: 'info', id: queuedNoticeId, title: QUEUED_MESSAGE, description: call.label });
      }
      return outcome;
    },
    [online, queryClient, invalidateKey, queuedNoticeId, askConflict],
  );
}
