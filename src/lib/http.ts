import { ofetch, type $Fetch } from 'ofetch';
import * as v from 'valibot';
import { ErrorBody, IDEMPOTENCY_HEADER, type ApiBase, type Endpoint } from '../contract';
import { readBases } from './config';
import { SUPPORT_PATH } from './constants';
import { ContractViolationError, HttpError, OfflineError } from './http-errors';
import { httpNavigation } from './http-navigation';
import { newUuid } from './ids';
import { notify } from './notifier';
import { reportAnswer, reportNoAnswer } from './reachability';
import { readToken, rememberRedirect } from './session-token';

/**
 * The error catalogue of spec 1 §8: every message the http layer shows, in one place. The rows that are not about
 * an http answer live with their rule: invalid file type in lib/files.ts, 'Password expired!' and the near-expiry
 * toast in features/session/password-expiry-notice.ts, the login toasts in features/session/api/login.ts, the
 * help PDF 'no results' state in lib/help-files.ts, unknown routes in app/router.tsx.
 */
export const HTTP_MESSAGES = {
  badRequest: 'Bad Request',
  maintenance: {
    title: 'Website Under Maintenance.',
    description: 'The site is currently unavailable. Please come back soon.',
    action: { label: 'Contact support', href: SUPPORT_PATH },
  },
  generic: {
    title: 'Error has occurred.',
    description: 'Oops! Looks like something went wrong with your request. Please try again or contact support for assistance.',
  },
  default: {
    title: 'Error has occurred!',
    description: 'Uh oh! Looks like something has gone wrong with your request!',
  },
} as const;

export const LOGIN_EXPIRED_PATH = '/login/expired';

export { ContractViolationError, HttpError, OfflineError, isHttpError, isOfflineError } from './http-errors';
export { setHttpNavigation, type HttpNavigation } from './http-navigation';

export function notifyBadRequest(message?: string) {
  notify({ level: 'warning', title: message?.trim() || HTTP_MESSAGES.badRequest });
}

export function notifyDefaultError() {
  notify({ level: 'error', id: 'default-error', ...HTTP_MESSAGES.default });
}

function notifyGenericError() {
  notify({ level: 'error', id: 'generic-error', ...HTTP_MESSAGES.generic });
}

function handleUnauthorized() {
  const navigation = httpNavigation();
  const current = navigation.currentPath();
  if (current.startsWith(LOGIN_EXPIRED_PATH)) return;
  rememberRedirect(current);
  navigation.navigate(LOGIN_EXPIRED_PATH);
}

/** spec 1 §8 for one failed call. */
export function reportHttpError(error: HttpError) {
  switch (error.status) {
    case 401:
      return handleUnauthorized();
    case 400:
      return notifyBadRequest(error.body?.message);
    case 503:
      return notify({ level: 'warning', id: 'maintenance', ...HTTP_MESSAGES.maintenance });
    default:
      return notifyGenericError();
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: Method;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** Callers that replay a write (the outbox) pass the key they stored; otherwise each write gets a new one. */
  idempotencyKey?: string;
  /** Statuses the caller handles itself, so the catalogue stays silent for them; 'all' silences it entirely. */
  handles?: readonly number[] | 'all';
  signal?: AbortSignal;
}

/** `/api` + `/api/Logger` is `/api/api/Logger`: bases are plain prefixes (ofetch's baseURL would drop the repeat). */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

function applyStandardHeaders(headers: Headers, method: string) {
  const token = readToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (method === 'GET') {
    headers.set('Cache-Control', 'no-cache');
    headers.set('Pragma', 'no-cache');
  } else if (!headers.has(IDEMPOTENCY_HEADER)) {
    headers.set(IDEMPOTENCY_HEADER, newUuid());
  }
}

const isAbort = (error: unknown) =>
  error instanceof Error && (error.name === 'AbortError' || (error.cause as Error | undefined)?.name === 'AbortError');

interface BaseClient {
  prefix: string;
  fetch: $Fetch;
}

const clients = new Map<ApiBase, BaseClient>();

/** The one client instance per API base (spec 1 §7: bases come from the bases cookie over the defaults). */
export function httpClient(base: ApiBase): BaseClient {
  let client = clients.get(base);
  if (!client) {
    client = {
      prefix: readBases()[base],
      fetch: ofetch.create({
        retry: 0,
        ignoreResponseError: true,
        onRequest: ({ options }) => applyStandardHeaders(options.headers, (options.method ?? 'GET').toUpperCase()),
        // Images may come from the service worker's cache, which answers with no server behind it.
        ...(base === 'images'
          ? {}
          : {
              onResponse: ({ response }: { response: Response }) => reportAnswer(response.status),
              onRequestError: ({ error }: { error: Error }) => {
                if (!isAbort(error)) reportNoAnswer();
              },
            }),
      }),
    };
    clients.set(base, client);
  }
  return client;
}

/**
 * Asks the API base anything (HEAD of its root) so that whether it answers is known (lib/reachability.ts):
 * any status is an answer. Used while the server cannot be reached and no other call would find out.
 */
export async function probeServer(): Promise<void> {
  const client = httpClient('api');
  await client.fetch.raw(joinUrl(client.prefix, '/'), { method: 'HEAD' }).catch(() => undefined);
}

/** Forgets the per-base clients, so that changed base cookies take effect (tests, configuration reload). */
export function resetHttpClients() {
  clients.clear();
}

function errorBodyOf(data: unknown): ErrorBody | undefined {
  const parsed = v.safeParse(ErrorBody, data);
  if (parsed.success) return parsed.output;
  if (typeof data === 'string' && data.trim() && data.length <= 500 && !data.trimStart().startsWith('<')) {
    return { message: data.trim() };
  }
  return undefined;
}

const silenced = (handles: RequestOptions['handles'], status: number) => handles === 'all' || (handles?.includes(status) ?? false);

/** Calls an endpoint and parses its answer with the contract schema the caller gives. */
export async function request<S extends v.GenericSchema>(
  endpoint: Endpoint,
  options: RequestOptions & { schema: S },
): Promise<v.InferOutput<S>>;
export async function request(endpoint: Endpoint, options?: RequestOptions & { schema?: undefined }): Promise<void>;
export async function request(endpoint: Endpoint, options: RequestOptions & { schema?: v.GenericSchema } = {}): Promise<unknown> {
  const client = httpClient(endpoint.base);
  const method = options.method ?? 'GET';
  const headers = new Headers();
  if (options.idempotencyKey && method !== 'GET') headers.set(IDEMPOTENCY_HEADER, options.idempotencyKey);

  let response: Awaited<ReturnType<$Fetch['raw']>>;
  try {
    response = await client.fetch.raw(joinUrl(client.prefix, endpoint.path), {
      method,
      headers,
      query: options.query,
      body: options.body as BodyInit | Record<string, unknown> | undefined,
      signal: options.signal,
    });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new OfflineError(endpoint, { cause: error });
  }

  if (!response.ok) {
    const error = new HttpError(response.status, errorBodyOf(response._data), response._data, endpoint);
    if (!silenced(options.handles, response.status)) reportHttpError(error);
    throw error;
  }
  if (!options.schema) return undefined;

  const parsed = v.safeParse(options.schema, response._data);
  if (!parsed.success) {
    const error = new ContractViolationError(endpoint, parsed.issues);
    console.error(error);
    if (options.handles !== 'all') notifyGenericError();
    throw error;
  }
  return parsed.output;
}

/** A file answer (a help PDF): its bytes and the headers that describe them (Content-Type, ETag, Content-Disposition). */
export interface BlobAnswer {
  blob: Blob;
  headers: Headers;
}

/** GETs an endpoint that answers a file, with the same headers and error catalogue as `request`. */
export async function requestBlob(
  endpoint: Endpoint,
  options: Pick<RequestOptions, 'query' | 'handles' | 'signal'> = {},
): Promise<BlobAnswer> {
  const client = httpClient(endpoint.base);
  let response: Awaited<ReturnType<typeof client.fetch.raw<Blob, 'blob'>>>;
  try {
    response = await client.fetch.raw(joinUrl(client.prefix, endpoint.path), {
      query: options.query,
      signal: options.signal,
      responseType: 'blob',
    });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new OfflineError(endpoint, { cause: error });
  }
  const blob = response._data ?? new Blob([]);
  if (!response.ok) {
    // An error answer is the JSON error body, read here as bytes like any other answer of this call.
    const text = await blob.text().catch(() => '');
    let data: unknown = text;
    try {
      data = JSON.parse(text);
    } catch {
      // Not JSON: errorBodyOf takes short plain text as the message.
    }
    const error = new HttpError(response.status, errorBodyOf(data), data, endpoint);
    if (!silenced(options.handles, response.status)) reportHttpError(error);
    throw error;
  }
  return { blob, headers: response.headers };
}
