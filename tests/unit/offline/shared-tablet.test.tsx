import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PendingChangesScreen } from '../../../src/features/sync/pending-changes-screen';
import { othersChangeNote, othersChangeWaiting } from '../../../src/lib/pending-mark';
import { pendingMarkOf } from '../../../src/offline/conflicts';
import { OthersChangeError } from '../../../src/offline/outbox';
import {
  createOfflineRuntime,
  discardUnsentCreate,
  getOffline,
  outboxActions,
  resolveConflict,
  setOfflineRuntime,
} from '../../../src/offline/runtime';
import { FailuresBanner } from '../../../src/ui/pending-marks';
import { FakeServer } from './fake-server';
import { addItem, createRecord, freshDb, renameRecord, tempId } from './helpers';
import { renderInApp } from './render';

/*
 * Issue 22 §1: a tablet shared by two users. Each change remembers who made it (the outbox's owner) and is only sent
 * under their sign-in. Another user sees whose it is and how it gets sent, and can neither discard it nor settle its
 * conflict (which can drop it), on Pending changes or beside the record; its author can, once signed in again.
 */

const ANN = 'ann@example.com';
const BEN = 'ben@example.com';

let server: FakeServer;
let signedIn: string | undefined;

beforeEach(() => {
  server = new FakeServer();
  server.records.set(1, { id: 1, title: 'a', items: [], links: [], photos: [] });
  signedIn = ANN;
  setOfflineRuntime(
    createOfflineRuntime({ db: freshDb(), send: async (entry, files) => server.handle(entry, files), currentUser: () => signedIn }),
  );
});
afterEach(() => {
  cleanup();
  setOfflineRuntime(undefined);
});

/** Ann's update of record 1 that met someone else's newer version (409 with the record as it is now). */
async function annsConflict() {
  const { outbox, db } = getOffline();
  const entry = await outbox.enqueue({
    ...renameRecord(1, 'Ann’s title'),
    body: { title: 'Ann’s title', rowVersion: 1 },
    changes: ['title'],
  });
  await db.outbox.update(entry.seq!, {
    status: 'failed',
    lastError: { status: 409, message: 'This record was changed by someone else.', current: { title: 'Their title', rowVersion: 2 } },
  });
  return (await db.outbox.get(entry.seq!))!;
}

describe('the outbox on a shared tablet', () => {
  it('lets only the author discard a waiting change; the other user’s discard changes nothing', async () => {
    const { outbox, db } = getOffline();
    const entry = await outbox.enqueue(renameRecord(1, 'by Ann'));
    expect(entry.owner).toBe(ANN);

    signedIn = BEN;
    await expect(outbox.discard(entry.seq!)).rejects.toThrow(
      new OthersChangeError(ANN, 'Rename to by Ann').message, // “Rename to by Ann” was made by ann@…: only they can send or discard it…
    );
    expect(await db.outbox.count()).toBe(1);

    signedIn = ANN;
    expect((await outbox.discard(entry.seq!)).map((removed) => removed.label)).toEqual(['Rename to by Ann']);
    expect(await db.outbox.count()).toBe(0);
  });

  it('refuses a discard that would take another user’s change with it (a change of theirs needs the record)', async () => {
    const { outbox, db } = getOffline();
    const tmp = tempId(1);
    signedIn = BEN;
    const create = await outbox.enqueue(createRecord(tmp, 'Ben’s home'));
    signedIn = ANN;
    await outbox.enqueue(addItem(tmp, 'Ann’s porch'));

    signedIn = BEN;
    await expect(outbox.discard(create.seq!)).rejects.toBeInstanceOf(OthersChangeError);
    expect(await discardUnsentCreate(tmp)).toBe(false);
    expect(await db.outbox.count()).toBe(2);
  });

  it('keeps another user’s record created offline when a cancel would discard its create', async () => {
    const { outbox, db } = getOffline();
    const tmp = tempId(2);
    await outbox.enqueue(createRecord(tmp, 'Ann’s home'));
    signedIn = BEN;
    expect(await discardUnsentCreate(tmp)).toBe(false);
    signedIn = ANN;
    expect(await discardUnsentCreate(tmp)).toBe(true);
    expect(await db.outbox.count()).toBe(0);
  });

  it('lets only the author settle a conflict: keeping theirs would drop it, re-applying would rewrite it', async () => {
    const entry = await annsConflict();
    signedIn = BEN;
    await expect(resolveConflict(entry.seq!, { keep: 'theirs' })).rejects.toBeInstanceOf(OthersChangeError);
    await expect(resolveConflict(entry.seq!, { reapply: { theirs: [] } })).rejects.toBeInstanceOf(OthersChangeError);
    expect(await getOffline().db.outbox.get(entry.seq!)).toMatchObject({ status: 'failed', body: { title: 'Ann’s title', rowVersion: 1 } });
    expect(server.received).toHaveLength(0);

    signedIn = ANN;
    await resolveConflict(entry.seq!, { keep: 'theirs' });
    expect(await getOffline().db.outbox.count()).toBe(0);
  });
});

describe('Pending changes on a shared tablet', () => {
  it('shows another user’s waiting change as theirs, with how it gets sent and no Discard; its author gets Discard back', async () => {
    const { outbox } = getOffline();
    await outbox.enqueue(renameRecord(1, 'by Ann'));
    signedIn = BEN;
    await outbox.enqueue(renameRecord(2, 'by Ben'));

    const { unmount } = renderInApp(<PendingChangesScreen />);
    const anns = await screen.findByRole('listitem', { name: 'Rename to by Ann' });
    expect(within(anns).getByText(othersChangeWaiting(ANN))).toBeTruthy();
    expect(within(anns).queryByRole('button')).toBeNull();
    const bens = screen.getByRole('listitem', { name: 'Rename to by Ben' });
    expect(within(bens).getByRole('button', { name: 'Discard' })).toBeTruthy();
    unmount();

    signedIn = ANN;
    renderInApp(<PendingChangesScreen />);
    const own = await screen.findByRole('listitem', { name: 'Rename to by Ann' });
    expect(within(own).getByRole('button', { name: 'Discard' })).toBeTruthy();
    expect(within(screen.getByRole('listitem', { name: 'Rename to by Ben' })).queryByRole('button')).toBeNull();
  });

  it('shows another user’s refused change and conflict without Retry, Discard or the choice', async () => {
    const { outbox } = getOffline();
    server.refuse(/^\/records\/1\/items$/, 400, 'Text is too long.');
    await outbox.enqueue(addItem(1, 'a very long text'));
    await outbox.replay();
    await annsConflict();

    signedIn = BEN;
    renderInApp(<PendingChangesScreen />);
    const refused = await screen.findByRole('listitem', { name: 'Add a very long text' });
    expect(within(refused).getByRole('alert').textContent).toBe('Text is too long.');
    expect(within(refused).getByText(othersChangeNote(ANN))).toBeTruthy();
    expect(within(refused).queryByRole('button')).toBeNull();
    const conflict = screen.getByRole('listitem', { name: 'Rename to Ann’s title' });
    expect(within(conflict).getByText(othersChangeNote(ANN))).toBeTruthy();
    expect(within(conflict).queryByRole('button')).toBeNull();
    expect(within(conflict).queryByRole('radio')).toBeNull();
  });

  it('marks beside the record offer another user’s failures no action; their author gets Retry, Discard and the choice', async () => {
    const conflicted = await annsConflict();
    const { outbox, db } = getOffline();
    server.records.set(2, { id: 2, title: 'b', items: [], links: [], photos: [] });
    server.refuse(/^\/records\/2\/items$/, 400, 'Text is too long.');
    await outbox.enqueue(addItem(2, 'long'));
    await outbox.replay({ force: true });
    const failures = (await db.outbox.toArray()).filter((entry) => entry.status === 'failed').map(pendingMarkOf);
    expect(failures.map((mark) => [mark.seq, mark.author])).toEqual([
      [conflicted.seq, ANN],
      [expect.any(Number), ANN],
    ]);
    const banner = () => (
      <QueryClientProvider client={new QueryClient()}>
        <FailuresBanner failures={failures} actions={outboxActions} />
      </QueryClientProvider>
    );

    signedIn = BEN;
    const { unmount } = renderInApp(banner());
    const alert = await screen.findByRole('alert');
    expect(within(alert).getAllByText(othersChangeNote(ANN))).toHaveLength(2);
    expect(within(alert).queryByRole('button')).toBeNull();
    unmount();

    signedIn = ANN;
    renderInApp(banner());
    const own = await screen.findByRole('alert');
    expect(within(own).getByRole('button', { name: 'Retry Add long' })).toBeTruthy();
    expect(within(own).getByRole('button', { name: 'Keep theirs' })).toBeTruthy();
    fireEvent.click(within(own).getByRole('button', { name: 'Discard Add long' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
  });
});
