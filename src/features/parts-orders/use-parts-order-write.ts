import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { notify } from '../../lib/notifier';
import type { OutboxCall } from '../../offline/outbox';
import { useOnline } from '../../offline/react';
import { getOffline, submitWrite, type WriteOutcome } from '../../offline/runtime';
import { isTempId } from '../../offline/temp-ids';
import { partsOrderKeys } from './api/keys';

/** What the user reads when a change was saved on the device only (the spec 3 §8 toasts are for changes the server took). */
export const QUEUED_MESSAGE = 'Saved on this device. It will be sent when the connection is back.';

/**
 * Sends a parts-order write through the outbox (offline/runtime submitWrite) and says so: the §8 success toast
 * when the server took it, the queued notice when it waits on the device. A refusal is thrown (WriteRefusedError)
 * for the screen to show.
 */
export function usePartsOrderWrite() {
  const queryClient = useQueryClient();
  const online = useOnline();
  return useCallback(
    async (call: OutboxCall, successMessage: string): Promise<WriteOutcome> => {
      const outcome = await submitWrite(call, online);
      if (outcome.status === 'sent') {
        notify({ level: 'success', title: successMessage });
        await queryClient.invalidateQueries({ queryKey: partsOrderKeys.all });
      } else {
        notify({ level: 'info', id: 'parts-order-queued', title: QUEUED_MESSAGE, description: call.label });
      }
      return outcome;
    },
    [online, queryClient],
  );
}

/**
 * Cancelling an order that never reached the server: its create and everything queued under it leave the
 * outbox instead of creating it only to delete it. False when the create is already on its way (then the
 * DELETE goes through the queue as usual).
 */
export async function discardUnsentOrder(orderKey: string): Promise<boolean> {
  if (!isTempId(orderKey)) return false;
  const { outbox, db } = getOffline();
  const create = await db.outbox.where('createsTempId').equals(orderKey).first();
  if (!create || create.status === 'sending' || create.seq === undefined) return false;
  await outbox.discard(create.seq);
  return true;
}
