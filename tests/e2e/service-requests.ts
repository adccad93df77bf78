import { expect } from 'vitest';
import type { HomeSummary, ServiceRequest } from '../../src/contract';
import type { E2eApp } from './harness';

/** A service request as the server holds it now, read through the API. */
export async function readServiceRequest(app: Pick<E2eApp, 'api'>, token: string, id: number): Promise<ServiceRequest> {
  const read = await app.api<ServiceRequest>('GET', `/api/service/${id}`, { token });
  expect(read.status).toBe(200);
  return read.body;
}

/** A new staged (unsubmitted) request on the user's `homeIndex`-th home, made through the API. */
export async function stagedServiceRequest(app: Pick<E2eApp, 'api'>, token: string, homeIndex = 0): Promise<ServiceRequest> {
  const homes = await app.api<HomeSummary[]>('GET', '/api/Homes', { token });
  const home = homes.body[homeIndex]!;
  const query = new URLSearchParams({ plantNumber: home.plantNumber, longSerialNumber: home.serialNumber, assetId: String(home.assetId) });
  const created = await app.api<{ serviceRequestId: number }>('POST', `/api/service/CreateServiceRequest?${query}`, { token, body: {} });
  expect(created.status).toBe(201);
  return readServiceRequest(app, token, created.body.serviceRequestId);
}
