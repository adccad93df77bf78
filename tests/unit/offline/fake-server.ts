import type { OutboxEntry, OutboxFile } from '../../../src/offline/db';
import type { SendAnswer } from '../../../src/offline/outbox';

/**
 * A small REST server for outbox tests. Like the real one it honours Idempotency-Key: a repeated key
 * gets the stored answer and changes nothing. Routes:
 *   POST /records {title}                → 201 {id}
 *   PUT /records/:id {title}             → 200
 *   POST /records/:id/items {recordId, text} (or multipart with a `photo` file) → 201 {id}
 *   POST /records/:id/links {target}     → 201 (404 when the target does not exist)
 * `reject` makes the next answers for a path refuse with the given status and message.
 */
export interface FakeRecord {
  id: number;
  title: string;
  items: string[];
  links: number[];
  photos: { name: string; text: string }[];
}

export interface ServerCall {
  method: string;
  path: string;
  body: unknown;
  idempotencyKey: string;
  files: OutboxFile[];
  /** The record the call changed (set once applied). */
  recordId?: number;
}

export class FakeServer {
  records = new Map<number, FakeRecord>();
  /** Every call that changed something, in the order the server acted. */
  applied: ServerCall[] = [];
  /** Every call that reached the server, repeats included. */
  received: ServerCall[] = [];
  private answers = new Map<string, SendAnswer>();
  private nextId = 100;
  private refusals: { pathPattern: RegExp; status: number; message: string; times: number }[] = [];

  refuse(pathPattern: RegExp, status: number, message: string, times = 1) {
    this.refusals.push({ pathPattern, status, message, times });
  }

  handle(entry: OutboxEntry, files: OutboxFile[]): SendAnswer {
    const call: ServerCall = { method: entry.method, path: entry.path, body: entry.body, idempotencyKey: entry.idempotencyKey, files };
    this.received.push(call);
    const stored = this.answers.get(entry.idempotencyKey);
    if (stored) return stored;
    const answer = this.act(call);
    // Like the real server: a 4xx/5xx is not stored (nothing was done), so the same key may be retried.
    if (answer.status < 400) this.answers.set(entry.idempotencyKey, answer);
    return answer;
  }

  private act(call: ServerCall): SendAnswer {
    const refusal = this.refusals.find((r) => r.times > 0 && r.pathPattern.test(call.path));
    if (refusal) {
      refusal.times -= 1;
      return { status: refusal.status, body: { message: refusal.message } };
    }
    const body = (call.body ?? {}) as Record<string, unknown>;
    if (call.method === 'POST' && call.path === '/records') {
      const id = this.nextId++;
      this.records.set(id, { id, title: String(body.title), items: [], links: [], photos: [] });
      this.applied.push({ ...call, recordId: id });
      return { status: 201, body: { id } };
    }
    const match = /^\/records\/([^/]+)(?:\/(items|links))?$/.exec(call.path);
    if (!match) return { status: 404, body: { message: `No route ${call.path}` } };
    const record = this.records.get(Number(match[1]));
    if (!record) return { status: 404, body: { message: `Record ${match[1]} does not exist.` } };
    if (call.method === 'PUT' && !match[2]) {
      record.title = String(body.title);
      this.applied.push({ ...call, recordId: record.id });
      return { status: 200, body: { id: record.id, title: record.title } };
    }
    if (call.method === 'POST' && match[2] === 'items') {
      if (body.recordId !== record.id) return { status: 400, body: { message: `recordId ${String(body.recordId)} is not ${record.id}.` } };
      record.items.push(String(body.text));
      for (const file of call.files) record.photos.push({ name: file.name, text: new TextDecoder().decode(file.data) });
      this.applied.push({ ...call, recordId: record.id });
      return { status: 201, body: { id: this.nextId++ } };
    }
    if (call.method === 'POST' && match[2] === 'links') {
      const target = this.records.get(Number(body.target));
      if (!target) return { status: 404, body: { message: `Link target ${String(body.target)} does not exist.` } };
      record.links.push(target.id);
      this.applied.push({ ...call, recordId: record.id });
      return { status: 201, body: {} };
    }
    return { status: 405, body: { message: 'Method not allowed' } };
  }
}
