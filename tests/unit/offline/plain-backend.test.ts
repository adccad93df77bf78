import { describe, expect, it } from 'vitest';
import { BACKOFF_MAX_MS, createOutbox, type SendAnswer } from '../../../src/offline/outbox';
import { Clock, freshDb, renameRecord } from './helpers';

/*
 * A backend that ignores Idempotency-Key (README "A plain backend") acts on every request it gets, so the queue
 * itself must never send a write again once the server has answered it clearly. Only what says the server did not
 * act (408, 429), may not have finished (5xx), or never answered is sent again.
 */

const SENT_ONCE = [200, 201, 202, 204, 400, 401, 403, 404, 405, 409, 410, 413, 415, 422];
const SENT_AGAIN = [408, 429, 500, 502, 503, 504];

/** How many times one queued write is sent when every try meets `answer`, over `runs` replays as far apart as the longest backoff. */
async function sendsMeeting(answer: () => Promise<SendAnswer>, runs: number): Promise<number> {
  let sends = 0;
  const clock = new Clock();
  const outbox = createOutbox({
    db: freshDb(),
    send: () => {
      sends += 1;
      return answer();
    },
    now: clock.now,
    random: () => 0.5,
    locks: null,
  });
  await outbox.enqueue(renameRecord(1, 'Mine'));
  for (let run = 0; run < runs; run++) {
    await outbox.replay({ force: true });
    clock.advance(BACKOFF_MAX_MS);
  }
  return sends;
}

describe('the outbox with a server that ignores Idempotency-Key', () => {
  it('sends a write once when the server answered it with a 2xx or a refusal, however often the queue runs', async () => {
    for (const status of SENT_ONCE) {
      expect({ status, sends: await sendsMeeting(async () => ({ status, body: { message: 'answer' } }), 4) }).toEqual({ status, sends: 1 });
    }
  });

  it('sends it again only after no answer, 408, 429 or a 5xx (a lost answer can then mean a second write)', async () => {
    for (const status of SENT_AGAIN) {
      expect({ status, sends: await sendsMeeting(async () => ({ status, body: { message: 'answer' } }), 4) }).toEqual({ status, sends: 4 });
    }
    const noAnswer = () => Promise.reject(new TypeError('Failed to fetch'));
    expect(await sendsMeeting(noAnswer, 4)).toBe(4);
  });
});
