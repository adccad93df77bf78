import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import type { OutboxEntry } from '../../../src/offline/db';
import { describeConflict, entryConflict, pendingMarkOf, rebasedBody, writeSettlingConflicts } from '../../../src/offline/conflicts';
import { createOutbox, type OutboxCall, type SendAnswer } from '../../../src/offline/outbox';
import { freshDb } from './helpers';

describe('describeConflict', () => {
  const theirs = {
    id: 7,
    caseSubject: 'Their subject',
    technician: 'Ann',
    tripTime: 2,
    requestDate: '2026-11-02T00:00:00.000Z',
    scheduledDate: '1900-01-01T00:00:00',
    notes: null,
    rowVersion: 5,
  };

  it('lists the fields of my update that the current version holds otherwise, mine beside theirs', () => {
    const mine = {
      caseSubject: 'My subject',
      technician: 'Ann',
      tripTime: '2',
      requestDate: '2026-11-02',
      scheduledDate: '',
      notes: '',
      signatureOnFile: true,
      rowVersion: 3,
    };
    expect(describeConflict(mine, theirs)).toEqual({
      theirVersion: 5,
      // tripTime "2" = 2, the day = that day at midnight, '' = null = the 1900-01-01 placeholder (spec 1 §5); signatureOnFile is not in theirs: nothing to compare.
      fields: [{ name: 'caseSubject', label: 'Case subject', mine: 'My subject', theirs: 'Their subject' }],
    });
  });

  it('shows empty values and booleans as words', () => {
    const conflict = describeConflict(
      { technician: '', isUnderWarranty: true, rowVersion: 1 },
      { technician: 'Bo', isUnderWarranty: false, rowVersion: 2 },
    );
    expect(conflict?.fields).toEqual([
      { name: 'technician', label: 'Technician', mine: '(empty)', theirs: 'Bo' },
      { name: 'isUnderWarranty', label: 'Is under warranty', mine: 'Yes', theirs: 'No' },
    ]);
  });

  it('is not a conflict to settle without a versioned update and a current version', () => {
    expect(describeConflict({ caseSubject: 'x' }, theirs)).toBeUndefined();
    expect(describeConflict({ caseSubject: 'x', rowVersion: 1 }, { caseSubject: 'y' })).toBeUndefined();
    expect(describeConflict({ caseSubject: 'x', rowVersion: 1 }, undefined)).toBeUndefined();
    expect(describeConflict([1], theirs)).toBeUndefined();
  });
});

describe('rebasedBody', () => {
  it('moves my body onto their version, taking their value for the fields chosen', () => {
    const body = rebasedBody({ a: 'mine', b: 'mine', c: 1, rowVersion: 3 }, { a: 'theirs', b: 'theirs', c: 2, other: 'x', rowVersion: 9 }, [
      'b',
      'other',
    ]);
    expect(body).toEqual({ a: 'mine', b: 'theirs', c: 1, rowVersion: 9 });
  });

  it('refuses without a current version', () => {
    expect(() => rebasedBody({ a: 1, rowVersion: 1 }, { a: 2 }, [])).toThrow(/current version/);
  });
});

/** One versioned record behind PUT /records/1: a stale rowVersion is 409 with the record as it is now. */
function versionedServer(record: Record<string, unknown> & { rowVersion: number }) {
  const received: OutboxEntry[] = [];
  const send = async (entry: OutboxEntry): Promise<SendAnswer> => {
    received.push(entry);
    const body = entry.body as Record<string, unknown> & { rowVersion: number };
    if (body.rowVersion !== record.rowVersion) {
      return { status: 409, body: { message: 'This record was changed by someone else.', current: { ...record } } };
    }
    Object.assign(record, body, { rowVersion: record.rowVersion + 1 });
    return { status: 200, body: { ...record } };
  };
  return { record, received, send };
}

const update = (body: Record<string, unknown>): OutboxCall => ({
  method: 'PUT',
  base: 'api',
  path: '/records/1',
  body: body as OutboxCall['body'],
  recordKey: 'record:1',
  label: 'Update record',
  intent: { feature: 'records', kind: 'update' },
});

describe('a queued update that meets 409', () => {
  it('keeps the current version with the refusal, and a re-apply moves later updates of the record with it', async () => {
    const server = versionedServer({ id: 1, title: 'base', note: 'base', rowVersion: 4 });
    const db = freshDb();
    const outbox = createOutbox({ db, send: server.send, locks: null });
    // Made offline at version 2: the second update predicted the version the first would leave.
    const first = await outbox.enqueue({
      ...update({ title: 'mine', note: 'base', rowVersion: 2 }),
      fieldLabels: { title: 'Record title' },
    });
    await outbox.enqueue(update({ title: 'mine', note: 'mine too', rowVersion: 3 }));
    await outbox.enqueue({ ...update({ title: 'other record', rowVersion: 3 }), path: '/records/2', recordKey: 'record:2' });

    await outbox.replay();
    const parked = (await db.outbox.get(first.seq!))!;
    expect(parked.lastError).toMatchObject({ status: 409, current: { title: 'base', rowVersion: 4 } });
    const conflict = entryConflict(parked);
    // Named as the form names the field.
    expect(conflict).toEqual({ theirVersion: 4, fields: [{ name: 'title', label: 'Record title', mine: 'mine', theirs: 'base' }] });
    expect(pendingMarkOf(parked)).toMatchObject({ state: 'failed', conflict });

    await outbox.revise(first.seq!, { body: rebasedBody(parked.body, parked.lastError!.current, []) });
    const entries = await db.outbox.orderBy('seq').toArray();
    expect(entries.map((entry) => (entry.body as { rowVersion: number }).rowVersion)).toEqual([4, 5, 3]);

    server.received.length = 0;
    await outbox.replay();
    expect(server.record).toMatchObject({ title: 'mine', note: 'mine too', rowVersion: 6 });
    // The other record's update was not moved: it still meets its own 409.
    expect(await db.outbox.count()).toBe(1);
  });
});

describe('writeSettlingConflicts (a save made online)', () => {
  const refusal = (current: unknown) => Object.assign(new Error('stale'), { error: { status: 409, message: 'stale', current } });
  const current = { title: 'theirs', note: 'theirs', rowVersion: 8 };
  const call = update({ title: 'mine', note: 'mine', rowVersion: 7 });

  it('re-applies on their version with the fields chosen from theirs', async () => {
    const submit = vi.fn<(call: OutboxCall) => Promise<string>>().mockRejectedValueOnce(refusal(current)).mockResolvedValueOnce('sent');
    const ask = vi.fn().mockResolvedValue({ reapply: { theirs: ['note'] } });
    await expect(writeSettlingConflicts(call, submit, ask)).resolves.toBe('sent');
    expect(ask).toHaveBeenCalledWith('Update record', expect.objectContaining({ theirVersion: 8 }));
    expect(submit.mock.calls[1]![0].body).toEqual({ title: 'mine', note: 'theirs', rowVersion: 8 });
  });

  it('ends with nothing written when the user keeps theirs or discards, and throws the refusal when dismissed', async () => {
    const failing = () => vi.fn<(call: OutboxCall) => Promise<string>>().mockRejectedValue(refusal(current));
    await expect(writeSettlingConflicts(call, failing(), async () => ({ keep: 'theirs' }))).resolves.toEqual({
      status: 'dropped',
      kept: 'theirs',
    });
    await expect(writeSettlingConflicts(call, failing(), async () => 'discard')).resolves.toEqual({ status: 'dropped', kept: 'nothing' });
    await expect(writeSettlingConflicts(call, failing(), async () => null)).rejects.toThrow('stale');
  });

  it('passes any other refusal through without asking', async () => {
    const ask = vi.fn();
    const submit = vi.fn().mockRejectedValue(Object.assign(new Error('bad'), { error: { status: 400, message: 'bad' } }));
    await expect(writeSettlingConflicts(call, submit, ask)).rejects.toThrow('bad');
    expect(ask).not.toHaveBeenCalled();
  });
});
