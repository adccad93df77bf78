import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { resetHttpClients, setHttpNavigation } from '../../../src/lib/http';
import { setNotifier, type Notification } from '../../../src/lib/notifier';
import type { OfflineDb } from '../../../src/offline/db';
import { createOfflineRuntime, setOfflineRuntime } from '../../../src/offline/runtime';
import { ModalsProvider } from '../../../src/ui/modals';
import { NEEDS_CONNECTION } from '../../../src/ui/not-on-device';
import { jsonResponse } from '../fixtures/render-screen';
import { freshDb } from '../offline/helpers';

/*
 * Issue 19 for the reports, NPS, delivery reports and parts catalog admin lists: a server behind fetch that can be cut
 * off (navigator.onLine and the network together), copies put on the device as readThrough keeps them, and a layout
 * for the virtual lists (jsdom does none). Shared by tests/unit/{reports,nps,delivery-reports,parts-catalog-admin}.
 */

export { fakeListLayout as withListLayout } from '../fixtures/list-layout';

/** What the fake server answers for a path (with its query), or undefined for a 404. */
export type Answer = (url: URL) => unknown;

export interface OfflineRowsEnv {
  db: OfflineDb;
  notices: Notification[];
  /** Every path asked, with its query. */
  reads: string[];
  /** Cuts the connection (or gives it back): the network fails as with no signal, and the browser says so. */
  setOnline: (online: boolean) => Promise<void>;
  /** Puts a copy on the device as readThrough keeps it (offline/cached-read). */
  keep: (kind: string, id: string, data: unknown, updatedAt?: number) => Promise<void>;
}

/** A fresh device and a server answering `answers` by path (case as the client asks); call in beforeEach, `tearDownOfflineRows` after. */
export function setUpOfflineRows(answers: Record<string, Answer>): OfflineRowsEnv {
  const db = freshDb();
  const notices: Notification[] = [];
  const reads: string[] = [];
  const state = { offline: false };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request) => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
      reads.push(`${url.pathname}${url.search}`);
      if (state.offline) throw new TypeError('Failed to fetch');
      const answer = answers[url.pathname];
      const body = answer?.(url);
      return body === undefined ? jsonResponse(404, { message: 'Not found.' }) : jsonResponse(200, body);
    }),
  );
  resetHttpClients();
  setNotifier({ notify: (notice) => notices.push(notice) });
  setHttpNavigation({ currentPath: () => '/', navigate: () => undefined });
  setOfflineRuntime(createOfflineRuntime({ db, send: async () => ({ status: 200, body: {} }) }));
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => true });
  return {
    db,
    notices,
    reads,
    setOnline: async (online) => {
      state.offline = !online;
      Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
      await act(async () => {
        window.dispatchEvent(new Event(online ? 'online' : 'offline'));
        // The app's queries run once even offline (networkMode 'offlineFirst', app/query-client.ts), so that a kept copy
        // is read; the test client (fixtures/render-screen, no retries) would pause them instead: it is told online.
        onlineManager.setOnline(true);
      });
    },
    keep: async (kind, id, data, updatedAt = Date.now() - 60 * 60_000) => {
      await db.entities.put({ kind, id, data, updatedAt });
    },
  };
}

export function tearDownOfflineRows() {
  onlineManager.setOnline(true);
  vi.unstubAllGlobals();
  setNotifier(null);
  setHttpNavigation(null);
  setOfflineRuntime(undefined);
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => true });
}

/** Whether an element (a row) carries the 'Needs a connection' mark. */
export const isMarked = (element: HTMLElement) =>
  [...element.querySelectorAll('.needs-connection')].some((mark) => mark.textContent === NEEDS_CONNECTION);

/**
 * Renders a side panel alone at `path` in a real router (fixtures/render-screen waits for a page heading, which a modal
 * panel hides from the accessibility tree), and waits for the panel titled `title`.
 */
export async function renderPanel(panel: () => ReactNode, title: string, path = '/panel') {
  const rootRoute = createRootRoute({ component: Outlet });
  const panelRoute = createRoute({ getParentRoute: () => rootRoute, path, component: panel });
  const elsewhere = createRoute({ getParentRoute: () => rootRoute, path: '$', component: () => <p>Elsewhere</p> });
  const router = createRouter({
    routeTree: rootRoute.addChildren([panelRoute, elsewhere]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <ModalsProvider>
        <RouterProvider router={router} />
      </ModalsProvider>
    </QueryClientProvider>,
  );
  return { ...view, panel: await screen.findByRole('dialog', { name: title }, { timeout: 5_000 }) };
}
