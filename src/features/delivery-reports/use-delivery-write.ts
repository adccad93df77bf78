import { useOutboxWrite } from '../../offline/react';
import { deliveryReportKeys } from './api/keys';

/** A delivery-report write through the outbox, with its §8 toast when sent and the queued notice when it waits (offline/react useOutboxWrite). */
export const useDeliveryWrite = () => useOutboxWrite(deliveryReportKeys.all, 'delivery-report-queued');
