import { afterEach, describe, expect, it } from 'vitest';
import type { OutboxCall } from '../../../src/offline/outbox';
import { createOfflineRuntime, enqueueWrite, setOfflineRuntime, submitWrite } from '../../../src/offline/runtime';
import { DEVICE_FULL_MESSAGE, DeviceFullError, isQuotaExceeded } from '../../../src/offline/storage-full';
import { freshDb } from './helpers';

const itemCall: OutboxCall = {
  method: 'POST',
  base: 'api',
  path: '/service/41/items',
  body: { problemDescription: 'Door' },
  recordKey: 'service-request:41',
  label: 'Add service item',
  intent: { feature: 'work-orders', kind: 'service-item', action: 'add', id: 'tmp' },
};
const attachmentCall: OutboxCall = {
  method: 'POST',
  base: 'api',
  path: '/ServiceAttachment/967/SR-41/41',
  body: { description: 'Invoice' },
  files: [{ field: 'file', blob: new Blob([new Uint8Array(1024)], { type: 'application/pdf' }), name: 'invoice.pdf' }],
  recordKey: 'service-request:41',
  label: 'Add attachment invoice.pdf',
  intent: { feature: 'work-orders', kind: 'attachment', action: 'add', id: 'tmp' },
};

const quotaError = () => new DOMException('The current transaction exceeded its quota limitations.', 'QuotaExceededError');

/** A runtime on a fresh store whose file writes fail as on a full device (the entry is written in the same transaction). */
function fullDeviceRuntime() {
  const db = freshDb();
  const runtime = createOfflineRuntime({ db, send: async () => ({ status: 201, body: {} }) });
  setOfflineRuntime(runtime);
  const fill = () => {
    db.files.bulkAdd = (() => Promise.reject(quotaError())) as unknown as typeof db.files.bulkAdd;
  };
  return { db, fill };
}

afterEach(() => setOfflineRuntime(undefined));

describe('a full device (QuotaExceededError) when a change is saved', () => {
  it('recognises the quota error however it is wrapped', () => {
    expect(isQuotaExceeded(quotaError())).toBe(true);
    expect(isQuotaExceeded(Object.assign(new Error('Transaction aborted'), { name: 'AbortError', inner: quotaError() }))).toBe(true);
    expect(isQuotaExceeded(new Error('wrapped', { cause: quotaError() }))).toBe(true);
    expect(isQuotaExceeded(new DeviceFullError())).toBe(true);
    expect(isQuotaExceeded(new TypeError('Failed to fetch'))).toBe(false);
    expect(isQuotaExceeded(undefined)).toBe(false);
  });

  it('submitWrite throws DeviceFullError with the clear message; the changes queued before stay, nothing is half-written', async () => {
    const { db, fill } = fullDeviceRuntime();
    await submitWrite(itemCall, false);
    fill();

    const error = await submitWrite(attachmentCall, false).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(DeviceFullError);
    expect((error as Error).message).toBe(DEVICE_FULL_MESSAGE);
    expect((error as Error).message).toMatch(/^This device has no room left for this change/);
    expect(isQuotaExceeded((error as Error).cause)).toBe(true);

    expect((await db.outbox.toArray()).map((entry) => entry.label)).toEqual(['Add service item']);
    expect(await db.files.count()).toBe(0);
  });

  it('online too, and through enqueueWrite', async () => {
    const { db, fill } = fullDeviceRuntime();
    fill();
    await expect(submitWrite(attachmentCall, true)).rejects.toBeInstanceOf(DeviceFullError);
    await expect(enqueueWrite(attachmentCall)).rejects.toBeInstanceOf(DeviceFullError);
    expect(await db.outbox.count()).toBe(0);
  });

  it('other storage failures are not called a full device', async () => {
    const db = freshDb();
    setOfflineRuntime(createOfflineRuntime({ db, send: async () => ({ status: 201, body: {} }) }));
    db.files.bulkAdd = (() => Promise.reject(new DOMException('Disk I/O', 'UnknownError'))) as unknown as typeof db.files.bulkAdd;
    const error = await submitWrite(attachmentCall, false).catch((thrown: unknown) => thrown);
    expect(error).not.toBeInstanceOf(DeviceFullError);
  });
});
