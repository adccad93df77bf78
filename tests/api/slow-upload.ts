import { request as httpRequest } from 'node:http';
import { IDEMPOTENCY_HEADER } from '../../src/contract';
import { solidPng } from '../../src/server/db/seed/work-orders';

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

export interface SlowUpload {
  /** The server's answer; rejects when the connection is cut first. */
  answer: Promise<{ status: number; body: string }>;
  /** Sends the second half of the body. */
  sendRest: () => void;
}

/**
 * A multipart photo upload (a work order's attachment) whose body is sent in two halves, the second only when
 * `sendRest` is called: the server is in the middle of the write, reading the body inside its transaction.
 */
export async function startSlowUpload(baseUrl: string, path: string, token: string, idempotencyKey: string): Promise<SlowUpload> {
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
  // Let the first half reach the server, so the request is in flight when the test goes on.
  await sleep(300);
  return { answer, sendRest: () => sendRest() };
}

/** The whole upload at once. */
export async function upload(baseUrl: string, path: string, token: string, idempotencyKey: string) {
  const started = await startSlowUpload(baseUrl, path, token, idempotencyKey);
  started.sendRest();
  return started.answer;
}
