import { useOutboxWrite } from '../../offline/use-outbox-write';
import { useModals } from '../../ui/modals';
import { deliveryReportKeys } from './api/keys';

/** A delivery-report write through the outbox, with its §8 toast when sent, the queued notice when it waits, and mine beside theirs when it meets a newer version (offline/use-outbox-write useOutboxWrite). */
export const useDeliveryWrite = () => useOutboxWrite(deliveryReportKeys.all, 'delivery-report-queued', useModals().conflict);
