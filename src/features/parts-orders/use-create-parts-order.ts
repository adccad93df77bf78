import { useRouter } from '@tanstack/react-router';
import { useCallback, useRef } from 'react';
import type { CreatePartsOrderInput } from '../../contract';
import { notify } from '../../lib/notifier';
import { WriteRefusedError } from '../../offline/runtime';
import { createPartsOrderCall } from './api/calls';
import { PARTS_ORDER_TEXTS, stagedOrderPath } from './messages';
import { usePartsOrderWrite } from './use-parts-order-write';

const createdId = (body: unknown) => {
  const id = body && typeof body === 'object' ? (body as { partsOrderId?: unknown }).partsOrderId : undefined;
  return typeof id === 'number' ? id : undefined;
};

/**
 * Creates a staged order and opens it (spec 3 §2: "After a stock part order is created, the user goes to
 * partsorders/{partsOrderId}"). Offline the order is made on the device and opened under its temp id. A
 * refusal (WriteRefusedError: no retail center, a serial that does not match a home) is thrown to the caller.
 */
export function useCreatePartsOrder() {
  const write = usePartsOrderWrite();
  const router = useRouter();
  return useCallback(
    async (input: CreatePartsOrderInput) => {
      const { tempId, call } = createPartsOrderCall(input);
      const outcome = await write(call, PARTS_ORDER_TEXTS.created);
      const id = outcome.status === 'sent' ? createdId(outcome.body) : undefined;
      await router.navigate({ href: stagedOrderPath(id ?? tempId) });
    },
    [write, router],
  );
}

export interface CustomerOrderHome {
  plantNumber: string;
  /** The home's long serial number (HomeSummary.serialNumber, a warranty card's fullSerialNumber). */
  longSerialNumber: string;
  serviceRequestId?: number | null;
}

/**
 * 'New Parts Order' for a home (the My Homeowners row action): creates the customer order and opens it. The
 * server's refusal is shown as a toast; a second click while the first create runs does nothing.
 */
export function useCreateCustomerPartsOrder() {
  const create = useCreatePartsOrder();
  const running = useRef(false);
  return useCallback(
    async (home: CustomerOrderHome) => {
      if (running.current) return;
      running.current = true;
      try {
        await create({
          plantNumber: home.plantNumber,
          longSerialNumber: home.longSerialNumber.trim(),
          serviceRequestId: home.serviceRequestId ?? null,
        });
      } catch (error) {
        notify({
          level: 'warning',
          title: PARTS_ORDER_TEXTS.notCreated,
          description: error instanceof WriteRefusedError ? error.message : error instanceof Error ? error.message : undefined,
        });
      } finally {
        running.current = false;
      }
    },
    [create],
  );
}
