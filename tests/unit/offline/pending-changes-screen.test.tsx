import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NOTHING_PENDING_MESSAGE, PendingChangesScreen } from '../../../src/features/sync/pending-changes-screen';
import { CONNECTION_TEXT, SyncBadge } from '../../../src/features/sync/sync-badge';
import { FAILURES_TO_UNREACHABLE, reportAnswer, reportNoAnswer } from '../../../src/lib/reachability';
import { createOfflineRuntime, getOffline, setOfflineRuntime } from '../../../src/offline/runtime';
import { FakeServer } from './fake-server';
import { addItem, createRecord, freshDb, renameRecord, tempId } from './helpers';
import { renderInApp } from './render';

let server: FakeServer;

beforeEach(() => {
  server = new FakeServer();
  server.records.set(1, { id: 1, title: 'a', items: [], links: [], photos: [] });
  setOfflineRuntime(createOfflineRuntime({ db: freshDb(), send: async (entry, files) => server.handle(entry, files) }));
});
afterEach(() => {
  cleanup();
  setOfflineRuntime(undefined);
});

describe('pending changes screen', () => {
  it('says so when nothing waits', async () => {
    renderInApp(<PendingChangesScreen />);
    expect(await screen.findByText(NOTHING_PENDING_MESSAGE)).toBeTruthy();
  });

  it('lists every queued change with its state and the server message of a failed one; Retry sends it', async () => {
    const { outbox } = getOffline();
    server.refuse(/^\/records\/1$/, 409, 'This record was changed by someone else.');
    await outbox.enqueue(renameRecord(1, 'mine'));
    await outbox.enqueue(addItem(1, 'after'));
    await outbox.replay();

    renderInApp(<PendingChangesScreen />);
    const failed = await screen.findByRole('listitem', { name: 'Rename to mine' });
    expect(within(failed).getByRole('alert').textContent).toBe('This record was changed by someone else.');
    const waiting = screen.getByRole('listitem', { name: 'Add after' });
    expect(within(waiting).getByText('Waiting for “Rename to mine” to be saved first.')).toBeTruthy();
    expect(screen.getByText(/1 waiting · 1 failed/)).toBeTruthy();

    fireEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(NOTHING_PENDING_MESSAGE)).toBeTruthy();
    expect(server.records.get(1)).toMatchObject({ title: 'mine', items: ['after'] });
  });

  it('discards only after a confirmation that names what depends on the change', async () => {
    const { outbox, db } = getOffline();
    const tmp = tempId(1);
    server.refuse(/^\/records$/, 400, 'Title is required.');
    await outbox.enqueue(createRecord(tmp, 'New home'));
    await outbox.enqueue(addItem(tmp, 'porch'));
    await outbox.replay();

    renderInApp(<PendingChangesScreen />);
    const failed = await screen.findByRole('listitem', { name: 'Create New home' });
    fireEvent.click(within(failed).getByRole('button', { name: 'Discard' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Confirmation')).toBeTruthy();
    expect(dialog.textContent).toContain(
      'Discard “Create New home”? It has not reached the server and will be lost. This change depends on it and will be discarded too: “Add porch”.',
    );

    fireEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await db.outbox.count()).toBe(2);

    fireEvent.click(within(failed).getByRole('button', { name: 'Discard' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText(NOTHING_PENDING_MESSAGE)).toBeTruthy();
    expect(await db.outbox.count()).toBe(0);
  });

  it('shows the sign-in prompt while the queue is paused', async () => {
    const { outbox } = getOffline();
    server.refuse(/./, 401, 'expired');
    await outbox.enqueue(renameRecord(1, 'x'));
    await outbox.replay();
    renderInApp(<PendingChangesScreen />);
    const alert = await screen.findByText(/Your session has expired/, { selector: '.pending-changes__paused' });
    expect(within(alert).getByRole('link', { name: 'Sign in again' }).getAttribute('href')).toBe('/login/expired');
  });
});

describe('sync badge', () => {
  it('shows online state, the waiting and failed counts, and syncs on demand', async () => {
    const { outbox } = getOffline();
    server.refuse(/^\/records\/1$/, 400, 'No.');
    renderInApp(<SyncBadge />);
    expect(await screen.findByText('Online')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sync now' })).toBeNull();

    await act(async () => {
      await outbox.enqueue(renameRecord(1, 'x'));
      await outbox.enqueue(renameRecord(2, 'y'));
    });
    const link = await screen.findByRole('link', { name: 'Pending changes: 2 changes waiting' });
    expect(link.getAttribute('href')).toBe('/pending-changes');

    server.records.set(2, { id: 2, title: 'b', items: [], links: [], photos: [] });
    fireEvent.click(screen.getByRole('button', { name: 'Sync now' }));
    expect(await screen.findByRole('link', { name: 'Pending changes: 1 failed' })).toBeTruthy();
    expect(server.records.get(2)!.title).toBe('y');
  });

  it('shows a progress bar while a replay sends, with upload progress when there is one', async () => {
    let release!: () => void;
    const db = freshDb();
    setOfflineRuntime(
      createOfflineRuntime({
        db,
        send: async (entry, files, options) => {
          options.onUploadProgress?.(3, 4);
          await new Promise<void>((resolve) => (release = resolve));
          return server.handle(entry, files);
        },
      }),
    );
    const { outbox } = getOffline();
    await outbox.enqueue({ ...renameRecord(1, 'x'), files: [{ field: 'photo', blob: new Blob(['abcd']), name: 'a.jpg' }] });
    await outbox.enqueue(renameRecord(1, 'y'));
    renderInApp(<SyncBadge />);
    await screen.findByText('Online');
    let replay!: Promise<unknown>;
    act(() => void (replay = outbox.replay()));
    const bar = await screen.findByRole('progressbar', { name: 'Uploading 75 % (change 1 of 2)' });
    expect(bar.getAttribute('value')).toBe('0.75');
    await act(async () => release());
    expect(await screen.findByRole('progressbar', { name: 'Uploading 75 % (change 2 of 2)' })).toBeTruthy();
    await act(async () => {
      release();
      await replay;
    });
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(server.records.get(1)!.title).toBe('y');
  });

  it('says offline when the browser goes offline', async () => {
    renderInApp(<SyncBadge />);
    await screen.findByText('Online');
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(await screen.findByText('Offline')).toBeTruthy();
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
    act(() => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByText('Online')).toBeTruthy();
  });

  it('says the server can’t be reached after calls got no answer with the network up, with the count and Sync now; Online again on the first answer (issue 19)', async () => {
    await getOffline().outbox.enqueue(renameRecord(1, 'later'));
    renderInApp(<SyncBadge />);
    await screen.findByText('Online');
    act(() => {
      for (let i = 0; i < FAILURES_TO_UNREACHABLE; i++) reportNoAnswer();
    });
    expect(await screen.findByText(CONNECTION_TEXT.unreachable)).toBeTruthy();
    expect(screen.getByRole('link', { name: /Pending changes: 1 change waiting/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sync now' })).toBeTruthy();
    act(() => reportAnswer(200));
    expect(await screen.findByText('Online')).toBeTruthy();
  });
});
