import type { ErrorBody } from '../../contract';

/** Messages of the server's own error answers (the body is always ErrorBody, contract/common.ts). */
export const ERROR_MESSAGES = {
  unauthorized: 'Authorization has been denied for this request.',
  forbidden: 'You do not have the appropriate permissions.',
  notFound: 'Not found.',
  serverError: 'Something went wrong on the server. Please try again or contact support.',
  invalidValue: 'A value of the request is out of range or not valid.',
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

/** What is wrong and where in the request: one entry of ErrorBody.issues. */
export interface Issue {
  field: string;
  message: string;
}

/** A 400 for issues a rule found, in the shape of a failed parse (toErrorBody, contract/common.ts): the first names the field. */
export function issuesResponse(issues: readonly Issue[]) {
  const [first] = issues as readonly [Issue];
  return jsonResponse(400, { message: `${first.message} (${first.field})`, field: first.field, issues: [...issues] } satisfies ErrorBody);
}

/** A 400 for one refusal whose message is shown to the user as it is (delivery reports: spec 2 §8 wording). */
export const refusalResponse = (refusal: Issue) =>
  jsonResponse(400, { message: refusal.message, field: refusal.field, issues: [refusal] } satisfies ErrorBody);

/**
 * Whether an error is PostgreSQL refusing a value (SQLSTATE class 22, data exception: a number beyond its column, a
 * NUL in text, a date out of range). The contract's schemas should have refused it first; this keeps such input a
 * 400 where one slipped through. drizzle wraps the driver's error as `cause`.
 */
export function isInvalidValueError(error: unknown): boolean {
  for (
    let current = error, hops = 0;
    current && typeof current === 'object' && hops < 4;
    current = (current as { cause?: unknown }).cause, hops++
  ) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
  }
  return false;
}
