import { useOutboxWrite } from '../../offline/react';
import { partsOrderKeys } from './api/keys';

/** A parts-order write through the outbox, with its §8 toast when sent and the queued notice when it waits (offline/react useOutboxWrite). */
export const usePartsOrderWrite = () => useOutboxWrite(partsOrderKeys.all, 'parts-order-queued');
