import { useOutboxWrite } from '../../offline/use-outbox-write';
import { useModals } from '../../ui/modals';
import { workOrderKeys } from './api/keys';

/** A work-order write through the outbox, with its §8 toast when sent, the queued notice when it waits, and mine beside theirs when it meets a newer version (offline/use-outbox-write useOutboxWrite). */
export const useWorkOrderWrite = () => useOutboxWrite(workOrderKeys.all, 'work-order-queued', useModals().conflict);
