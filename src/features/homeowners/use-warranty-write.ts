import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { WARRANTY_MESSAGES } from '../../contract';
import { notify } from '../../lib/notifier';
import type { OutboxCall } from '../../offline/outbox';
import { useOnline } from '../../offline/react';
import { submitWrite, type WriteOutcome } from '../../offline/runtime';
import { HOMEOWNER_TEXT } from './messages';
import { isWarrantyCard, putCardInList } from './use-homeowner-view';

/**
 * Sends a warranty save through the outbox (offline/runtime submitWrite) and says so: the spec 3 §7 toast with its
 * title when the server took it, the queued notice when it waits on the device. A refusal is thrown
 * (WriteRefusedError) for the form to show. Every save works offline: it is never refused for want of a network.
 */
export function useWarrantyWrite(scope: string) {
  const queryClient = useQueryClient();
  const online = useOnline();
  return useCallback(
    async (call: OutboxCall, serialNumber: string): Promise<WriteOutcome> => {
      const outcome = await submitWrite(call, online);
      if (outcome.status === 'sent') {
        const created = call.method === 'POST';
        notify({
          level: 'success',
          title: created ? WARRANTY_MESSAGES.enteredTitle : WARRANTY_MESSAGES.updatedTitle,
          description: created ? WARRANTY_MESSAGES.entered(serialNumber) : WARRANTY_MESSAGES.updated(serialNumber),
        });
        if (isWarrantyCard(outcome.body)) putCardInList(queryClient, scope, outcome.body);
      } else {
        notify({ level: 'info', id: 'warranty-queued', title: HOMEOWNER_TEXT.saved, description: call.label });
      }
      return outcome;
    },
    [online, queryClient, scope],
  );
}
