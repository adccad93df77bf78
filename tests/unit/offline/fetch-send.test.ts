import { describe, expect, it, vi } from 'vitest';
import type { OutboxEntry, OutboxFile } from '../../../src/offline/db';
import { createFetchSend, outboxFormData, outboxUrl } from '../../../src/offline/fetch-send';

const entry = (overrides: Partial<OutboxEntry> = {}): OutboxEntry => ({
  seq: 1,
  id: 'e1',
  method: 'POST',
  base: 'api',
  path: '/api/Logger',
  body: { format: 'info', message: 'hello' },
  fileIds: [],
  idempotencyKey: 'key-1',
  recordKey: 'log',
  label: 'Log',
  intent: { feature: 'logger', kind: 'log' },
  dependsOn: [],
  status: 'sending',
  attempts: 0,
  nextAttemptAt: 0,
  createdAt: 0,
  ...overrides,
});

const photo: OutboxFile = {
  id: 'f1',
  field: 'photo',
  data: new TextEncoder().encode('jpeg!').buffer as ArrayBuffer,
  name: 'roof.jpg',
  type: 'image/jpeg',
  size: 5,
};

describe('fetch send', () => {
  it('joins the base and path like the http client and adds the query', () => {
    expect(outboxUrl(entry(), '/api')).toBe('/api/api/Logger');
    expect(outboxUrl(entry({ path: 'Support', query: { a: '1', b: 'x y' } }), 'https://other.host/api/')).toBe(
      'https://other.host/api/Support?a=1&b=x+y',
    );
  });

  it('sends JSON with the bearer token and the stored idempotency key, and reads the answer', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ id: 5 }), { status: 201 }));
    const send = createFetchSend({ resolveBase: () => '/api', getToken: () => 'jwt', fetch });
    expect(await send(entry(), [], {})).toEqual({ status: 201, body: { id: 5 } });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/api/Logger');
    expect(init.method).toBe('POST');
    expect(init.headers).toMatchObject({ Authorization: 'Bearer jwt', 'Idempotency-Key': 'key-1', 'Content-Type': 'application/json' });
    expect(init.body).toBe(JSON.stringify({ format: 'info', message: 'hello' }));
    expect(init.signal).toBeInstanceOf(AbortSignal);
  });

  it('passes error answers through (status and body) and rejects when there is no answer', async () => {
    const send409 = createFetchSend({
      resolveBase: () => '',
      getToken: () => undefined,
      fetch: async () => new Response('{"message":"Stale"}', { status: 409 }),
    });
    expect(await send409(entry(), [], {})).toEqual({ status: 409, body: { message: 'Stale' } });
    const sendText = createFetchSend({
      resolveBase: () => '',
      getToken: () => undefined,
      fetch: async () => new Response('Bad gateway', { status: 502 }),
    });
    expect(await sendText(entry(), [], {})).toEqual({ status: 502, body: 'Bad gateway' });
    const offline = createFetchSend({
      resolveBase: () => '',
      getToken: () => undefined,
      fetch: async () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await expect(offline(entry(), [], {})).rejects.toThrow('Failed to fetch');
  });

  it('sends files as multipart: body fields first, then each file under its field name', async () => {
    const form = outboxFormData(entry({ body: { note: 'n', count: 2, tags: ['a'], gone: null } }), [photo]);
    expect(form.get('note')).toBe('n');
    expect(form.get('count')).toBe('2');
    expect(form.get('tags')).toBe('["a"]');
    expect(form.has('gone')).toBe(false);
    const file = form.get('photo') as File;
    expect(file.name).toBe('roof.jpg');
    expect(file.type).toBe('image/jpeg');
    expect(file.size).toBe(5);
  });

  it('uploads through XHR when progress is wanted, reporting the bytes sent', async () => {
    const progress: [number, number][] = [];
    class FakeXhr {
      static last: FakeXhr;
      upload: { onprogress?: (event: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
      headers: Record<string, string> = {};
      status = 0;
      responseText = '';
      timeout = 0;
      onload?: () => void;
      onerror?: () => void;
      ontimeout?: () => void;
      onabort?: () => void;
      method = '';
      url = '';
      constructor() {
        FakeXhr.last = this;
      }
      open(method: string, url: string) {
        this.method = method;
        this.url = url;
      }
      setRequestHeader(name: string, value: string) {
        this.headers[name] = value;
      }
      send(body: FormData) {
        expect(body.get('photo')).toBeInstanceOf(Blob);
        this.upload.onprogress?.({ lengthComputable: true, loaded: 2, total: 5 });
        this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 5 });
        this.status = 201;
        this.responseText = '{"id":1}';
        this.onload?.();
      }
    }
    const send = createFetchSend({
      resolveBase: () => '/api',
      getToken: () => 'jwt',
      XMLHttpRequest: FakeXhr as unknown as typeof XMLHttpRequest,
    });
    const answer = await send(entry({ fileIds: ['f1'], path: '/Image' }), [photo], {
      onUploadProgress: (loaded, total) => progress.push([loaded, total]),
    });
    expect(answer).toEqual({ status: 201, body: { id: 1 } });
    expect(progress).toEqual([
      [2, 5],
      [5, 5],
    ]);
    expect(FakeXhr.last.headers).toMatchObject({ Authorization: 'Bearer jwt', 'Idempotency-Key': 'key-1' });
    expect(FakeXhr.last.url).toBe('/api/Image');
  });
});
