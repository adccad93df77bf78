import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { WARRANTY_MESSAGES } from '../../contract';
import { notify } from '../../lib/notifier';
import { writeSettlingConflicts, type DroppedWrite } from '../../offline/conflicts';
import { useOnline } from '../../offline/use-connection';
import { DROPPED_MESSAGES } from '../../offline/write-messages';
import { submitWrite, type WriteOutcome } from '../../offline/runtime';
import { useModals } from '../../ui/modals';
import type { WarrantyCall } from './api/calls';
import { homeownerKeys } from './api/keys';
import { HOMEOWNER_TEXT } from './messages';
import { isWarrantyCard, putCardInList } from './use-homeowner-view';

/**
 * Sends a warranty save through the outbox (offline/runtime submitWrite) and says so: the spec 3 §7 toast with its
 * title when the server took it, the queued notice when it waits on the device, mine beside theirs when it
 * meets a newer card (409). Any other refusal is thrown (WriteRefusedError) for the form to show. Every save works offline: it is never refused for want of a network.
 */
export function useWarrantyWrite(scope: string) {
  const queryClient = useQueryClient();
  const online = useOnline();
  const askConflict = useModals().conflict;
  return useCallback(
    async (call: WarrantyCall, serialNumber: string): Promise<WriteOutcome | DroppedWrite> => {
      const outcome = await writeSettlingConflicts(call, (next) => submitWrite(next, online), askConflict);
      if (outcome.status === 'dropped') {
        notify({ level: 'info', title: DROPPED_MESSAGES[outcome.kept], description: call.label });
        await queryClient.invalidateQueries({ queryKey: homeownerKeys.all });
      } else if (outcome.status === 'sent') {
        const created = call.intent.action === 'create';
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
    [online, queryClient, scope, askConflict],
  );
}
