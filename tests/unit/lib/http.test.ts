// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { BASES_COOKIE, IDEMPOTENCY_HEADER, paths } from '../../../src/contract';
import { deleteCookie, writeCookie } from '../../../src/lib/cookies';
import {
  ContractViolationError,
  HTTP_MESSAGES,
  HttpError,
  OfflineError,
  request,
  resetHttpClients,
  setHttpNavigation,
} from '../../../src/lib/http';
import { logMessage } from '../../../src/lib/logger';
import { setNotifier, type Notification } from '../../../src/lib/notifier';
import { clearToken, storeToken, takeRedirect } from '../../../src/lib/session-token';

const notices: Notification[] = [];
const navigate = vi.fn<(path: string) => void>();
let currentPath = '/sales/quotes?page=2';
const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const lastCall = () => {
  const [url, init] = fetchMock.mock.calls.at(-1)!;
  return { url: String(url), init, headers: new Headers(init.headers) };
};

beforeEach(() => {
  notices.length = 0;
  navigate.mockReset();
  fetchMock.mockReset();
  currentPath = '/sales/quotes?page=2';
  vi.stubGlobal('fetch', fetchMock);
  setNotifier({ notify: (notice) => notices.push(notice) });
  setHttpNavigation({ currentPath: () => currentPath, navigate });
  resetHttpClients();
});

afterEach(() => {
  vi.unstubAllGlobals();
  setNotifier(null);
  setHttpNavigation(null);
  clearToken();
  takeRedirect();
  deleteCookie(BASES_COOKIE);
});

const Thing = v.object({ id: v.number(), name: v.string() });

describe('requests', () => {
  it('joins the base and the path as plain prefixes (/api + /api/Logger)', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await request(paths.logger, { method: 'POST', body: { format: 'info', message: 'x' } });
    expect(lastCall().url).toBe('/api/api/Logger');
    await request(paths.token, { method: 'POST', body: {} });
    expect(lastCall().url).toBe('/auth/api/Account/Token');
  });

  it('uses the bases cookie over the defaults, one client per base', async () => {
    writeCookie(BASES_COOKIE, JSON.stringify({ api: 'https://api.example.com/v1/' }));
    resetHttpClients();
    fetchMock.mockResolvedValue(json(200, { id: 1, name: 'a' }));
    await request(paths.account, { schema: Thing });
    expect(lastCall().url).toBe('https://api.example.com/v1/Account');
  });

  it('sends the bearer token of the cookie and no-cache headers on GET, without an idempotency key', async () => {
    storeToken('header.payload.sig');
    fetchMock.mockResolvedValue(json(200, { id: 1, name: 'a' }));
    await request(paths.profile, { schema: Thing, query: { retailerNumber: '4217' } });
    const { url, headers, init } = lastCall();
    expect(url).toBe('/auth/api/Account/User?retailerNumber=4217');
    expect(init.method).toBe('GET');
    expect(headers.get('authorization')).toBe('Bearer header.payload.sig');
    expect(headers.get('cache-control')).toBe('no-cache');
    expect(headers.get('pragma')).toBe('no-cache');
    expect(headers.has(IDEMPOTENCY_HEADER)).toBe(false);
  });

  it('gives every write a new idempotency key, unless the caller brings one', async () => {
    fetchMock.mockImplementation(async () => new Response(null, { status: 204 }));
    await request(paths.support, { method: 'POST', body: { a: 1 } });
    const first = lastCall().headers.get(IDEMPOTENCY_HEADER);
    await request(paths.support, { method: 'POST', body: { a: 1 } });
    const second = lastCall().headers.get(IDEMPOTENCY_HEADER);
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(second).not.toBe(first);

    await request(paths.account, { method: 'PUT', body: {}, idempotencyKey: 'outbox-key-1' });
    expect(lastCall().headers.get(IDEMPOTENCY_HEADER)).toBe('outbox-key-1');
    expect(lastCall().headers.get('content-type')).toBe('application/json');
    expect(lastCall().init.body).toBe('{}');
  });

  it('parses the answer with the contract schema', async () => {
    fetchMock.mockResolvedValue(json(200, { id: 7, name: 'seven', extra: true }));
    await expect(request(paths.profile, { schema: Thing })).resolves.toEqual({ id: 7, name: 'seven' });
  });

  it('treats an answer that breaks its schema as an error, not as data', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fetchMock.mockResolvedValue(json(200, { id: 'seven' }));
    await expect(request(paths.profile, { schema: Thing })).rejects.toBeInstanceOf(ContractViolationError);
    expect(notices).toEqual([expect.objectContaining({ level: 'error', title: HTTP_MESSAGES.generic.title })]);
  });
});

describe('error catalogue (spec 1 §8)', () => {
  it('401: remembers the current path and goes to /login/expired', async () => {
    fetchMock.mockResolvedValue(json(401, { message: 'Sign in again.' }));
    await expect(request(paths.profile, { schema: Thing })).rejects.toMatchObject({ status: 401 });
    expect(navigate).toHaveBeenCalledWith('/login/expired');
    expect(takeRedirect()).toBe('/sales/quotes?page=2');
    expect(notices).toEqual([]);
  });

  it('401 on /login/expired: stays, remembers nothing', async () => {
    currentPath = '/login/expired';
    fetchMock.mockResolvedValue(json(401, { message: 'no' }));
    await expect(request(paths.profile)).rejects.toBeInstanceOf(HttpError);
    expect(navigate).not.toHaveBeenCalled();
    expect(takeRedirect()).toBeUndefined();
  });

  it("400: a warning with the answer's message", async () => {
    fetchMock.mockResolvedValue(json(400, { message: 'Description is required.', field: 'message' }));
    const error = await request(paths.support, { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).body).toEqual({ message: 'Description is required.', field: 'message' });
    expect(notices).toEqual([{ level: 'warning', title: 'Description is required.' }]);
  });

  it("400 without a message: 'Bad Request'", async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 400 }));
    await expect(request(paths.support, { method: 'POST', body: {} })).rejects.toBeInstanceOf(HttpError);
    expect(notices).toEqual([{ level: 'warning', title: 'Bad Request' }]);
  });

  it('503: the maintenance warning with a link to contact support', async () => {
    fetchMock.mockResolvedValue(new Response('<html>down</html>', { status: 503, headers: { 'content-type': 'text/html' } }));
    await expect(request(paths.profile)).rejects.toMatchObject({ status: 503 });
    expect(notices).toEqual([
      {
        level: 'warning',
        id: 'maintenance',
        title: 'Website Under Maintenance.',
        description: 'The site is currently unavailable. Please come back soon.',
        action: { label: 'Contact support', href: '/support' },
      },
    ]);
  });

  it.each([403, 404, 409, 500])('%i: the generic error', async (status) => {
    fetchMock.mockResolvedValue(json(status, { message: 'server words' }));
    await expect(request(paths.profile)).rejects.toMatchObject({ status });
    expect(notices).toEqual([
      {
        level: 'error',
        id: 'generic-error',
        title: 'Error has occurred.',
        description: 'Oops! Looks like something went wrong with your request. Please try again or contact support for assistance.',
      },
    ]);
  });

  it('stays silent for statuses the caller handles', async () => {
    fetchMock.mockResolvedValue(json(409, { message: 'stale', current: {} }));
    await expect(request(paths.account, { method: 'PUT', body: {}, handles: [409] })).rejects.toMatchObject({ status: 409 });
    fetchMock.mockResolvedValue(json(401, { message: 'x' }));
    await expect(request(paths.token, { method: 'POST', body: {}, handles: 'all' })).rejects.toMatchObject({ status: 401 });
    expect(notices).toEqual([]);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('no connection: an OfflineError and no error notice (offline is state, not an error)', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(request(paths.profile)).rejects.toBeInstanceOf(OfflineError);
    expect(notices).toEqual([]);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a failed log call shows the Default error', async () => {
    fetchMock.mockResolvedValue(json(500, { message: 'boom' }));
    await logMessage({ format: 'error', message: 'Login failed' });
    expect(lastCall().url).toBe('/api/api/Logger');
    expect(notices).toEqual([
      {
        level: 'error',
        id: 'default-error',
        title: 'Error has occurred!',
        description: 'Uh oh! Looks like something has gone wrong with your request!',
      },
    ]);
  });

  it('a log call offline stays silent', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await logMessage({ format: 'error', message: 'x' });
    expect(notices).toEqual([]);
  });
});
