import type { ErrorBody } from '../../contract';

/** Messages of the server's own error answers (the body is always ErrorBody, contract/common.ts). */
export const ERROR_MESSAGES = {
  unauthorized: 'Authorization has been denied for this request.',
  forbidden: 'You do not have the appropriate permissions.',
  notFound: 'Not found.',
  serverError: 'Something went wrong on the server. Please try again or contact support.',
  invalidJson: 'The request body is not valid JSON.',
  bodyTooLarge: 'The request body is too large.',
  idempotencyKeyRequired: 'Idempotency-Key header is required.',
  idempotencyKeyInvalid: 'Idempotency-Key must be 1 to 200 visible characters.',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different request.',
  idempotencyKeyBusy: 'A request with this Idempotency-Key is still being processed. Try again shortly.',
} as const;

/** A JSON answer built outside a handler's Context (the pipeline's own refusals). */
/** A JSON answer with its length, so that the compress middleware leaves small ones alone (a stream per answer costs more than it saves). */
export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  return new Response(text, {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(text)), ...headers },
  });
}

export const errorResponse = (status: number, message: string, headers?: Record<string, string>) =>
  jsonResponse(status, { message } satisfies ErrorBody, headers);
