import { IDEMPOTENCY_HEADER, type ApiBase } from '../contract';
import { joinUrl } from '../lib/http';
import { reportAnswer, reportNoAnswer } from '../lib/reachability';
import type { OutboxEntry, OutboxFile } from './db';
import type { OutboxSend, SendAnswer, SendOptions } from './outbox';

export interface FetchSendOptions {
  /** Base URL of an API base (`/api`, or another host a deployment configured). */
  resolveBase: (base: ApiBase) => string;
  /** The token of the `Bearer` cookie (spec 1 §7), read at send time so a new sign-in is picked up. */
  getToken: () => string | undefined;
  fetch?: typeof fetch;
  /** Used for uploads so that progress can be shown; fetch has no upload progress. */
  XMLHttpRequest?: typeof XMLHttpRequest | undefined;
  /** A request that hangs must not hold the queue forever: it counts as no answer after this long. */
  timeoutMs?: number;
  uploadTimeoutMs?: number;
}

export function outboxUrl(entry: Pick<OutboxEntry, 'base' | 'path' | 'query'>, baseUrl: string): string {
  const search = entry.query && Object.keys(entry.query).length ? `?${new URLSearchParams(entry.query).toString()}` : '';
  return joinUrl(baseUrl, entry.path) + search;
}

/** With files the call is multipart: the body's top-level fields become form fields, then the files. */
export function outboxFormData(entry: OutboxEntry, files: OutboxFile[]): FormData {
  const form = new FormData();
  if (entry.body && typeof entry.body === 'object' && !Array.isArray(entry.body)) {
    for (const [name, value] of Object.entries(entry.body)) {
      if (value === null || value === undefined) continue;
      form.append(name, typeof value === 'string' ? value : JSON.stringify(value));
    }
  }
  for (const file of files) form.append(file.field, new Blob([file.data], { type: file.type }), file.name);
  return form;
}

/** AbortSignal.timeout is missing before Safari 16; there a hung request ends when the browser gives up. */
function timeoutSignal(ms: number): AbortSignal | undefined {
  return typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(ms) : undefined;
}

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A JSON body from this size on goes as an upload (XHR, with progress), like files do. */
export const LARGE_BODY_CHARS = 64 * 1024;

/** Builds the outbox's `send` on fetch (or XHR for uploads, to report progress). */
export function createFetchSend(options: FetchSendOptions): OutboxSend {
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  const Xhr = 'XMLHttpRequest' in options ? options.XMLHttpRequest : globalThis.XMLHttpRequest;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const uploadTimeoutMs = options.uploadTimeoutMs ?? 10 * 60_000;

  const send = async (entry: OutboxEntry, files: OutboxFile[], sendOptions: SendOptions): Promise<SendAnswer> => {
    const url = outboxUrl(entry, options.resolveBase(entry.base));
    const headers: Record<string, string> = { Accept: 'application/json', [IDEMPOTENCY_HEADER]: entry.idempotencyKey };
    const token = options.getToken();
    if (token) headers.Authorization = `Bearer ${token}`;

    if (files.length > 0) {
      const form = outboxFormData(entry, files);
      if (Xhr && sendOptions.onUploadProgress) {
        return sendWithXhr(Xhr, entry.method, url, headers, form, uploadTimeoutMs, sendOptions.onUploadProgress);
      }
      const response = await fetchImpl(url, { method: entry.method, headers, body: form, signal: timeoutSignal(uploadTimeoutMs) });
      return { status: response.status, body: parseBody(await response.text()) };
    }

    let body: string | undefined;
    if (entry.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(entry.body);
      // A large JSON body (a form with its photos in base64) is an upload like a multipart one: progress and its timeout.
      if (body.length >= LARGE_BODY_CHARS && Xhr && sendOptions.onUploadProgress) {
        return sendWithXhr(Xhr, entry.method, url, headers, body, uploadTimeoutMs, sendOptions.onUploadProgress);
      }
    }
    const response = await fetchImpl(url, { method: entry.method, headers, body, signal: timeoutSignal(timeoutMs) });
    return { status: response.status, body: parseBody(await response.text()) };
  };

  // Whether the server answered is told to the whole app (lib/reachability.ts), as every other call does.
  return async (entry, files, sendOptions) => {
    try {
      const answer = await send(entry, files, sendOptions);
      reportAnswer(answer.status);
      return answer;
    } catch (error) {
      reportNoAnswer();
      throw error;
    }
  };
}

function sendWithXhr(
  Xhr: typeof XMLHttpRequest,
  method: string,
  url: string,
  headers: Record<string, string>,
  body: FormData | string,
  timeoutMs: number,
  onUploadProgress: (loaded: number, total: number) => void,
): Promise<SendAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new Xhr();
    xhr.open(method, url);
    xhr.timeout = timeoutMs;
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onUploadProgress(event.loaded, event.total);
    };
    // status 0 is the browser's way of saying no answer came.
    xhr.onload = () =>
      xhr.status === 0 ? reject(new Error('No answer')) : resolve({ status: xhr.status, body: parseBody(xhr.responseText) });
    xhr.onerror = () => reject(new Error('Network error'));
    xhr.ontimeout = () => reject(new Error('Timed out'));
    xhr.onabort = () => reject(new Error('Aborted'));
    xhr.send(body);
  });
}
