import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { KEPT_LIST_RULES } from '../../../src/contract/kept-lists';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServiceRequestSummary, SyncPage } from '../../../src/contract';
import {
  DeviceStatusScreen,
  NO_LISTS_MESSAGE,
  REMOVE_CONFIRM_TEXT,
  SYNC_NOW_OFFLINE_REASON,
} from '../../../src/features/sync/device-status-screen';
import { StorageUse } from '../../../src/features/sync/storage-use';
import { KeptList } from '../../../src/offline/kept-lists';
import { createOfflineRuntime, getOffline, setOfflineRuntime } from '../../../src/offline/runtime';
import { FakeServer } from './fake-server';
import { freshDb, renameRecord } from './helpers';
import { renderInApp } from './render';

/* Device status (issue 23 §4): the kept lists shown, Sync now, and Remove this device's data asking first and refusing while changes wait. */

const SCOPE = 'sam:4217';
const WAITING_REFUSAL =
  "A change is still waiting to reach the server. Send it (or discard it on Pending changes) before you remove this device's data.";

let server: FakeServer;

const workOrder = (id: number) => ({ serviceRequestId: id, requestDate: '2026-01-01' }) as unknown as ServiceRequestSummary;

beforeEach(async () => {
  server = new FakeServer();
  server.records.set(1, { id: 1, title: 'a', items: [], links: [], photos: [] });
  const db = freshDb();
  setOfflineRuntime(createOfflineRuntime({ db, send: async (entry, files) => server.handle(entry, files), currentUser: () => 'sam' }));
  await db.workOrders.bulkPut([workOrder(1), workOrder(2), workOrder(3)]);
  await db.syncState.put({
    list: 'workOrders',
    scopeKey: SCOPE,
    cursor: '3',
    received: 3,
    complete: true,
    syncedAt: Date.now() - 5 * 60_000,
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  setOfflineRuntime(undefined);
});

function renderScreen(openKeptList: (list: string) => Promise<KeptList<unknown> | undefined> = async () => undefined) {
  const signOut = vi.fn();
  renderInApp(<DeviceStatusScreen scope={SCOPE} openKeptList={openKeptList} signOut={signOut} />);
  return { signOut };
}

describe('device status screen', () => {
  it('shows each kept list with what it keeps, its rows and last sync', async () => {
    renderScreen();
    const row = await screen.findByRole('row', { name: /Work orders/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([KEPT_LIST_RULES.workOrders, '3', '5 minutes ago', expect.stringMatching(/KB$/)]);
  });

  it('Sync now sends the waiting changes, refreshes the kept lists and says how it went', async () => {
    await getOffline().outbox.enqueue(renameRecord(1, 'mine'));
    const pulled: string[] = [];
    const workOrders = new KeptList<ServiceRequestSummary>(
      {
        list: 'workOrders',
        table: (db) => db.workOrders,
        key: (row) => row.serviceRequestId,
        fetchPage: async (since): Promise<SyncPage<ServiceRequestSummary>> => {
          pulled.push(since);
          return { items: [workOrder(4)], removed: [], cursor: '4', more: false };
        },
      },
      () => getOffline().db,
    );
    renderScreen(async (list) => (list === 'workOrders' ? (workOrders as KeptList<unknown>) : undefined));
    await screen.findByRole('row', { name: /Work orders/ });

    fireEvent.click(screen.getByRole('button', { name: 'Sync now' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Sent 1 change. 1 list up to date.'));
    expect(server.records.get(1)).toMatchObject({ title: 'mine' });
    expect(pulled).toEqual(['3']);
    const row = await screen.findByRole('row', { name: /Work orders/ });
    await waitFor(() => expect(within(row).getAllByRole('cell')[2]!.textContent).toBe('just now'));
    expect(within(row).getAllByRole('cell')[1]!.textContent).toBe('4');
  });

  it('Sync now names a list it could not refresh', async () => {
    const unreachable = new KeptList<ServiceRequestSummary>(
      {
        list: 'workOrders',
        table: (db) => db.workOrders,
        key: (row) => row.serviceRequestId,
        fetchPage: () => Promise.reject(new Error('503 Service Unavailable')),
      },
      () => getOffline().db,
    );
    renderScreen(async () => unreachable as KeptList<unknown>);
    await screen.findByRole('row', { name: /Work orders/ });
    fireEvent.click(screen.getByRole('button', { name: 'Sync now' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Could not refresh: Work orders.'));
  });

  it('offline, Sync now is disabled and says why', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderScreen();
    const button = await screen.findByRole('button', { name: 'Sync now' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(SYNC_NOW_OFFLINE_REASON)).toBeTruthy();
  });

  it('refuses to remove the device’s data while a change waits, another user’s too, without asking, and removes nothing', async () => {
    const { db, outbox } = getOffline();
    await outbox.enqueue(renameRecord(1, 'theirs'));
    await db.outbox.toCollection().modify({ owner: 'alex' });
    const { signOut } = renderScreen();
    await screen.findByRole('row', { name: /Work orders/ });
    await waitFor(() => expect(screen.getByRole('link', { name: 'Pending changes (1)' })).toBeTruthy());

    fireEvent.click(screen.getByRole('button', { name: "Remove this device's data" }));
    expect((await screen.findByRole('alert')).textContent).toContain(WAITING_REFUSAL);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await db.workOrders.count()).toBe(3);
    expect(signOut).not.toHaveBeenCalled();
  });

  it('asks first; No keeps everything, Yes removes the kept data and signs out', async () => {
    const { db } = getOffline();
    const { signOut } = renderScreen();
    await screen.findByRole('row', { name: /Work orders/ });

    fireEvent.click(screen.getByRole('button', { name: "Remove this device's data" }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Confirmation')).toBeTruthy();
    expect(dialog.textContent).toContain(REMOVE_CONFIRM_TEXT);
    fireEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await db.workOrders.count()).toBe(3);
    expect(signOut).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: "Remove this device's data" }));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(signOut).toHaveBeenCalledOnce());
    expect(await db.workOrders.count()).toBe(0);
    expect(await db.syncState.count()).toBe(0);
    expect(await screen.findByText(NO_LISTS_MESSAGE)).toBeTruthy();
  });

  it('says whether storage is persistent and, when not, asks the browser for it', async () => {
    let persisted = false;
    const persist = vi.fn(async () => (persisted = true));
    const storage = {
      estimate: async () => ({ usage: 3 * 1024 * 1024, quota: 100 * 1024 * 1024 }),
      persisted: async () => persisted,
      persist,
    };
    Object.defineProperty(navigator, 'storage', { value: storage, configurable: true });
    try {
      renderInApp(<StorageUse className="storage" offerPersistence />);
      expect(await screen.findByText('Persistent storage: not granted.')).toBeTruthy();
      expect(screen.getByText(/This device stores 3\.0 MB of 100 MB available for this app; the browser may clear it/)).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Ask the browser to keep this data' }));
      expect(await screen.findByText('Persistent storage: granted. The browser keeps this data until you remove it.')).toBeTruthy();
      expect(persist).toHaveBeenCalledOnce();
      expect(screen.queryByRole('button', { name: 'Ask the browser to keep this data' })).toBeNull();
    } finally {
      Reflect.deleteProperty(navigator, 'storage');
    }
  });
});
