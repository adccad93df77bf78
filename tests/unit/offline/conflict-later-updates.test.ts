import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConflictChoice } from '../../../src/lib/pending-mark';
import { changedFields, entryConflict } from '../../../src/offline/conflicts';
import type { JsonValue, OutboxEntry } from '../../../src/offline/db';
import type { OutboxCall, SendAnswer } from '../../../src/offline/outbox';
import { createOfflineRuntime, getOffline, resolveConflict, setOfflineRuntime } from '../../../src/offline/runtime';
import { freshDb } from './helpers';

/*
 * Issue 22 §11: a queued update composed before an earlier update of the same record met 409 must not write back,
 * after the user settled that conflict, a field it did not change. Each update says which fields the user changed
 * (OutboxCall.changes); settling a conflict moves the later updates onto the result (Outbox.revise / dropOnto).
 */

type Fields = Record<string, string>;
type Versioned = Record<string, string | number> & { rowVersion: number };

/**
 * One versioned record behind PUT /records/1, like the real server: a stale rowVersion is 409 with the record as it is.
 * It also checks, on every write it accepts, that no field the update did not change differs from the record.
 */
function versionedServer(initial: Versioned) {
  const record: { current: Versioned } = { current: { ...initial } };
  const untouchedWritten: string[] = [];
  const send = async (entry: OutboxEntry): Promise<SendAnswer> => {
    const body = entry.body as Versioned;
    if (body.rowVersion !== record.current.rowVersion) {
      return { status: 409, body: { message: 'This record was changed by someone else.', current: { ...record.current } } };
    }
    for (const [name, value] of Object.entries(body)) {
      if (name !== 'rowVersion' && !entry.changes?.includes(name) && record.current[name] !== value) {
        untouchedWritten.push(`${entry.label}: ${name} ${JSON.stringify(record.current[name])} → ${JSON.stringify(value)}`);
      }
    }
    record.current = { ...record.current, ...body, rowVersion: record.current.rowVersion + 1 };
    return { status: 200, body: { ...record.current } };
  };
  /** Someone else saves the record meanwhile. */
  const otherSave = (fields: Fields) => {
    record.current = { ...record.current, ...fields, rowVersion: record.current.rowVersion + 1 };
  };
  return { record, send, otherSave, untouchedWritten };
}

/** An information update as the panel makes it: the whole form, and which fields differ from what it showed. */
const informationUpdate = (seen: Versioned, edits: Fields, label = 'Update work order information'): OutboxCall => {
  const body = { ...seen, ...edits };
  return {
    method: 'PUT',
    base: 'api',
    path: '/records/1',
    recordKey: 'record:1',
    label,
    intent: { feature: 'records', kind: 'update' },
    body: body as JsonValue,
    changes: changedFields(body, seen),
  };
};

/** The record as the device shows it with its queued updates applied (each counts the version up by one). */
async function viewOf(base: Versioned): Promise<Versioned> {
  const queued = await getOffline().db.outbox.orderBy('seq').toArray();
  return queued.reduce<Versioned>((view, entry) => ({ ...view, ...(entry.body as Fields), rowVersion: view.rowVersion + 1 }), base);
}

afterEach(() => setOfflineRuntime(undefined));

function start(initial: Versioned) {
  const server = versionedServer(initial);
  setOfflineRuntime(createOfflineRuntime({ db: freshDb(), send: server.send }));
  return server;
}

const parked = async () => (await getOffline().db.outbox.where('status').equals('failed').toArray())[0];

describe('a conflict followed by more queued updates of the same record (issue 22 §11)', () => {
  const initial = { caseSubject: '', technician: '', caseDescription: '', rowVersion: 4 };

  async function twoEditsThenTheirs() {
    const server = start(initial);
    const { outbox } = getOffline();
    // Offline on the tablet: the technician, then the description, each over the record as the screen showed it.
    await outbox.enqueue(informationUpdate(await viewOf(initial), { technician: 'Pat Field' }));
    await outbox.enqueue(informationUpdate(await viewOf(initial), { caseDescription: 'Door sticks' }));
    // Someone else meanwhile changes the case subject and the technician.
    server.otherSave({ caseSubject: 'Roof leak', technician: 'Sam Office' });
    await outbox.replay();
    const first = (await parked())!;
    expect(first.lastError?.status).toBe(409);
    return { server, first };
  }

  it('re-applying mine with their case subject: the later update keeps their subject and sends only its description', async () => {
    const { server, first } = await twoEditsThenTheirs();
    // The update changed the technician only: that is all the conflict asks about.
    expect(entryConflict(first)?.fields.map((field) => field.name)).toEqual(['technician']);
    const choice: ConflictChoice = { reapply: { theirs: ['caseSubject'] } };
    await resolveConflict(first.seq!, choice);
    expect(server.record.current).toEqual({
      caseSubject: 'Roof leak',
      technician: 'Pat Field',
      caseDescription: 'Door sticks',
      rowVersion: 7,
    });
    expect(server.untouchedWritten).toEqual([]);
    expect(await getOffline().db.outbox.count()).toBe(0);
  });

  it('keeping theirs: the later update goes on their version with its description only', async () => {
    const { server, first } = await twoEditsThenTheirs();
    await resolveConflict(first.seq!, { keep: 'theirs' });
    expect(server.record.current).toEqual({
      caseSubject: 'Roof leak',
      technician: 'Sam Office',
      caseDescription: 'Door sticks',
      rowVersion: 6,
    });
    expect(server.untouchedWritten).toEqual([]);
  });

  it('an update queued by an earlier version (no `changes`) is still sent, every field counting as changed', async () => {
    const server = start(initial);
    const legacy = informationUpdate(initial, { technician: 'Pat Field' });
    delete legacy.changes;
    await getOffline().outbox.enqueue(legacy);
    await getOffline().outbox.replay();
    expect(server.record.current).toMatchObject({ technician: 'Pat Field', rowVersion: 5 });
    server.otherSave({ caseSubject: 'Roof leak' });
    await getOffline().outbox.enqueue({
      ...informationUpdate({ ...initial, technician: 'Pat Field', rowVersion: 5 }, { caseDescription: 'x' }),
      changes: undefined,
    });
    await getOffline().outbox.replay();
    // Not knowing what the user changed, the conflict shows every field that differs, as before.
    expect(entryConflict((await parked())!)?.fields.map((field) => field.name)).toEqual(['caseSubject', 'caseDescription']);
  });
});

/* ---- property: random edits, other people's saves, syncs and choices ---- */

const FIELDS = ['caseSubject', 'technician', 'caseDescription', 'mileage'] as const;
const value = fc.constantFrom('', 'a', 'b', 'c');
const edits = fc
  .uniqueArray(fc.constantFrom(...FIELDS), { minLength: 1, maxLength: FIELDS.length })
  .chain((names) => fc.tuple(...names.map((name) => value.map((text) => [name, text] as const))))
  .map((pairs) => Object.fromEntries(pairs) as Fields);

type Step =
  { kind: 'edit'; edits: Fields } | { kind: 'other'; edits: Fields } | { kind: 'sync'; choices: { keep: boolean; theirs: boolean[] }[] };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: edits.map((fields) => ({ kind: 'edit' as const, edits: fields })) },
  { weight: 2, arbitrary: edits.map((fields) => ({ kind: 'other' as const, edits: fields })) },
  {
    weight: 2,
    arbitrary: fc
      .array(fc.record({ keep: fc.boolean(), theirs: fc.array(fc.boolean(), { minLength: FIELDS.length, maxLength: FIELDS.length }) }), {
        maxLength: 4,
      })
      .map((choices) => ({ kind: 'sync' as const, choices })),
  },
);

describe('property (issue 22 §11)', () => {
  it('no accepted update ever writes a field the user did not change in it, whatever the edits, saves, conflicts and choices', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        const initial: Versioned = { caseSubject: '', technician: '', caseDescription: '', mileage: '', rowVersion: 1 };
        const server = start(initial);
        const { outbox, db } = getOffline();
        // The copy the device read last (a sync refreshes it, as the screens do after a delivered change).
        let base = { ...initial };
        const settle = async (choices: { keep: boolean; theirs: boolean[] }[]) => {
          await outbox.replay({ force: true });
          for (const choice of choices) {
            const entry = await parked();
            if (!entry) break;
            const conflict = entryConflict(entry);
            const theirs = (conflict?.fields ?? []).filter((_, index) => choice.theirs[index]).map((field) => field.name);
            await resolveConflict(entry.seq!, choice.keep ? { keep: 'theirs' } : { reapply: { theirs } });
          }
        };
        for (const next of steps) {
          if (next.kind === 'edit') await outbox.enqueue(informationUpdate(await viewOf(base), next.edits));
          else if (next.kind === 'other') server.otherSave(next.edits);
          else {
            await settle(next.choices);
            if ((await db.outbox.count()) === 0) base = { ...server.record.current };
          }
        }
        // In the end every conflict is settled by re-applying mine, and everything goes.
        for (let round = 0; round < 20 && (await db.outbox.count()) > 0; round++) await settle([{ keep: false, theirs: [] }]);
        expect(await db.outbox.count()).toBe(0);
        expect(server.untouchedWritten).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });
});
