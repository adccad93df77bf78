import { summarize, type BaseIssue } from 'valibot';
import type { Endpoint, ErrorBody } from '../contract';

/*
 * The errors a call through lib/http.ts ends with, apart from the client itself (ofetch), so that the first load can
 * tell them apart (the query client's retry rule) without loading the http client: it comes with the first call.
 */

/** The server answered with an error status. `body` is the `{ message, field?, issues? }` error body when there is one. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    readonly status: number,
    readonly body: ErrorBody | undefined,
    readonly data: unknown,
    readonly endpoint: Endpoint,
  ) {
    super(body?.message ?? `HTTP ${status} from ${endpoint.base}${endpoint.path}`);
  }
}

/** No answer at all: offline, DNS, connection refused. The UI shows this as offline state, never as an error toast. */
export class OfflineError extends Error {
  override readonly name = 'OfflineError';
  constructor(
    readonly endpoint: Endpoint,
    options?: { cause?: unknown },
  ) {
    super(`No connection for ${endpoint.base}${endpoint.path}`, options);
  }
}

/** The answer does not fit its contract schema: treated as an error, never accepted silently. */
export class ContractViolationError extends Error {
  override readonly name = 'ContractViolationError';
  constructor(
    readonly endpoint: Endpoint,
    readonly issues: readonly BaseIssue<unknown>[],
  ) {
    super(`Answer of ${endpoint.base}${endpoint.path} does not match its contract: ${summarize(issues as [BaseIssue<unknown>])}`);
  }
}

export const isOfflineError = (error: unknown): error is OfflineError => error instanceof OfflineError;
export const isHttpError = (error: unknown, status?: number): error is HttpError =>
  error instanceof HttpError && (status === undefined || error.status === status);
