import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../../src/offline/db';
import { describeEntries } from '../../../src/features/sync/entry-state';

const now = 1_700_000_000_000;
let seq = 0;
const entry = (overrides: Partial<OutboxEntry>): OutboxEntry => ({
  seq: ++seq,
  id: `e${seq}`,
  method: 'POST',
  base: 'api',
  path: '/x',
  fileIds: [],
  idempotencyKey: `k${seq}`,
  recordKey: `r${seq}`,
  label: `Change ${seq}`,
  intent: { feature: 'records', kind: 'change' },
  dependsOn: [],
  status: 'pending',
  attempts: 0,
  nextAttemptAt: 0,
  createdAt: now - 5 * 60_000,
  ...overrides,
});

describe('pending change states', () => {
  const context = { now, online: true, paused: undefined };

  it('describes failed, sending, waiting and retrying entries with what the user may do', () => {
    const states = describeEntries(
      [
        entry({ status: 'failed', lastError: { status: 409, message: 'Changed by someone else.' } }),
        entry({ status: 'sending' }),
        entry({}),
        entry({ attempts: 2, nextAttemptAt: now + 8000, lastError: { status: 0, message: 'No connection to the server.' } }),
      ],
      context,
    );
    expect(states).toEqual([
      {
        tone: 'failed',
        text: 'Not saved: someone else saved this record after you changed it.',
        error: 'Changed by someone else.',
        canRetry: true,
        canDiscard: true,
      },
      { tone: 'sending', text: 'Sending…', canRetry: false, canDiscard: false },
      { tone: 'waiting', text: 'Queued 5 minutes ago; waiting to be sent.', canRetry: false, canDiscard: true },
      { tone: 'retrying', text: 'Tried 2×; next try in 8 s.', error: 'No connection to the server.', canRetry: false, canDiscard: true },
    ]);
  });

  it('names what a change waits for: an earlier change of its record, or the create of a record it needs', () => {
    const tmp = 'tmp_11111111-1111-4111-8111-111111111111';
    const create = entry({
      label: 'Create service request',
      createsTempId: tmp,
      recordKey: `sr:${tmp}`,
      status: 'failed',
      lastError: { status: 400, message: 'x' },
    });
    const item = entry({ label: 'Add item', recordKey: `sr:${tmp}`, dependsOn: [tmp] });
    const other = entry({ label: 'Attach photo', recordKey: `photo:1`, dependsOn: [tmp] });
    const [, itemState, otherState] = describeEntries([create, item, other], context);
    expect(itemState!.text).toBe('Waiting for “Create service request” to be saved first.');
    expect(otherState!.text).toBe('Waiting for “Create service request” to be saved first.');
  });

  it('says when the queue waits for a connection or a sign-in', () => {
    expect(describeEntries([entry({})], { ...context, online: false })[0]!.text).toBe('Waiting for a connection.');
    const paused = { at: now, error: { status: 401, message: 'Your session has expired.' } };
    expect(describeEntries([entry({})], { ...context, paused })[0]).toMatchObject({
      text: 'Waiting for you to sign in again.',
      error: 'Your session has expired.',
    });
  });
});
