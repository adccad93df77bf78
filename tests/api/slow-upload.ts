import { request as httpRequest } from 'node:http';
import { expect, vi } from 'vitest';
import { IDEMPOTENCY_HEADER } from '../../src/contract';
import { solidPng } from '../../src/server/db/seed/work-orders';
import { requestsInFlight } from '../e2e/requests-in-flight';

export interface SlowUpload {
  /** The server's answer; rejects when the connection is cut first. */
  answer: Promise<{ status: number; body: string }>;
  /** Sends the second half of the body. */
  sendRest: () => void;
}

/** A multipart photo upload (a work order's attachment): its first half sent now, the rest when `sendRest` is called. */
async function sendInHalves(baseUrl: string, path: string, token: string, idempotencyKey: string): Promise<SlowUpload> {
  const form = new FormData();
  form.set('attachmentType', '1');
  form.set('description', 'Water stain under the sink');
  form.set('file', new File([new Uint8Array(solidPng(64, 64, [20, 90, 200]))], 'stain.png', { type: 'image/png' }));
  const encoded = new Response(form);
  const body = Buffer.from(await encoded.arrayBuffer());
  const half = Math.floor(body.length / 2);
  let sendRest = () => {};
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const upload = httpRequest(
      `${baseUrl}${path}`,
      {
        method: 'POST',
        headers: {
          'content-type': encoded.headers.get('content-type')!,
          'content-length': String(body.length),
          authorization: `Bearer ${token}`,
          [IDEMPOTENCY_HEADER]: idempotencyKey,
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        response.on('error', reject);
      },
    );
    upload.on('error', reject);
    upload.write(body.subarray(0, half));
    sendRest = () => upload.end(body.subarray(half));
  });
  return { answer, sendRest: () => sendRest() };
}

/**
 * The upload with its second half held back until `sendRest` is called, once the server has the first: the server is
 * in the middle of the write, reading the body inside its transaction. The server process must have been started with
 * METRICS_TOKEN=`metricsToken`: the first half has arrived once the server is answering the request (its in-flight
 * gauge, which counts a request until its answer is ready: a repeat of a key already done is answered from the store once
 * the rest of its body has arrived, http/body-limit.ts), or has answered it.
 */
export async function startSlowUpload(
  baseUrl: string,
  path: string,
  token: string,
  idempotencyKey: string,
  metricsToken: string,
): Promise<SlowUpload> {
  const started = await sendInHalves(baseUrl, path, token, idempotencyKey);
  let answered = false;
  void started.answer.then(
    () => (answered = true),
    () => (answered = true),
  );
  await vi.waitFor(async () => expect(answered || (await requestsInFlight(baseUrl, metricsToken)) === 1).toBe(true), {
    timeout: 30_000,
    interval: 50,
  });
  return started;
}

/** The whole upload at once. */
export async function upload(baseUrl: string, path: string, token: string, idempotencyKey: string) {
  const started = await sendInHalves(baseUrl, path, token, idempotencyKey);
  started.sendRest();
  return started.answer;
}
