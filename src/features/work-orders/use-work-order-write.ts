import { useOutboxWrite } from '../../offline/react';
import { useModals } from '../../ui/modals';
import { workOrderKeys } from './api/keys';

/** A work-order write through the outbox, with its §8 toast when sent, the queued notice when it waits, and mine beside theirs when it meets a newer version (offline/react useOutboxWrite). */
export const useWorkOrderWrite = () => useOutboxWrite(workOrderKeys.all, 'work-order-queued', useModals().conflict);
