import { useOutboxWrite } from '../../offline/react';
import { workOrderKeys } from './api/keys';

/** A work-order write through the outbox, with its §8 toast when sent and the queued notice when it waits (offline/react useOutboxWrite). */
export const useWorkOrderWrite = () => useOutboxWrite(workOrderKeys.all, 'work-order-queued');
