import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { createAppRouter, type AppRouter } from '../../../src/app/router';
import { wireRouter } from '../../../src/app/wiring';
import { resetHttpClients } from '../../../src/lib/http';
import { setNotifier, type Notification } from '../../../src/lib/notifier';
import { storeProfile } from '../../../src/lib/profile-storage';
import { storeToken } from '../../../src/lib/session-token';
import { ModalsProvider } from '../../../src/ui/modals';
import { demoProfile, type DemoKey } from '../fixtures/demo-profiles';
import { jsonResponse } from '../fixtures/render-screen';
import { fakeJwt } from '../fixtures/tokens';

type FetchMock = ReturnType<typeof vi.fn<(input: string, init: RequestInit) => Promise<Response>>>;

/** jsdom has no layout: the popper of Radix menus needs ResizeObserver, the router scrollTo. */
export function stubBrowserLayout() {
  window.scrollTo = () => undefined;
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}

/** Makes the window report a width below the mobile breakpoint (spec 1 §2: 973 px) or not. */
export function setMobileWidth(mobile: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: mobile && query.includes('max-width'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

export function setWindowHeight(height: number) {
  Object.defineProperty(window, 'innerHeight', { configurable: true, writable: true, value: height });
}

export interface ShellServer {
  fetchMock: FetchMock;
  /** Answers of extra paths, by URL without the query. */
  answers: Map<string, () => Response>;
}

/** A fetch mock that answers the shell's calls for `user` (profile, portal metadata, terms). */
export function shellServer(user: ReturnType<typeof demoProfile>): ShellServer {
  const answers = new Map<string, () => Response>();
  const fetchMock: FetchMock = vi.fn(async (input: string) => {
    const url = String(input).split('?')[0]!;
    const answer = answers.get(url);
    if (answer) return answer();
    if (url.startsWith('/api/service/hxstatus/')) {
      return jsonResponse(200, {
        id: 1,
        developerName: '',
        businessUnit: '',
        businessUnitNumber: '',
        deployWorkflow: false,
        deployDispatch: false,
        deployPortal: false,
        partnerPortal: false,
      });
    }
    if (url === '/auth/api/Account/User') return jsonResponse(200, user);
    if (url === '/api/FileStream/GetTermsOfUseDocumentDetails/') {
      return jsonResponse(200, { CreateDate: '/Date(1704067200000)/', ModifyDate: '/Date(1704067200000)/' });
    }
    return jsonResponse(404, { message: 'not here' });
  });
  vi.stubGlobal('fetch', fetchMock);
  resetHttpClients();
  return { fetchMock, answers };
}

export function signInAs(key: DemoKey, changes: Partial<ReturnType<typeof demoProfile>> = {}) {
  const user = { ...demoProfile(key), ...changes };
  storeToken(fakeJwt({ userName: user.userName, exp: Math.floor(Date.now() / 1000) + 3600 }));
  storeProfile(user);
  return user;
}

/** The whole app (router, layout, header, side navigation) at `path`. */
export function openApp(path: string, notices: Notification[] = []): { router: AppRouter; unwire: () => void } {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [path] }));
  const unwire = wireRouter(router);
  setNotifier({ notify: (notice) => notices.push(notice) });
  render(
    <QueryClientProvider client={queryClient}>
      <ModalsProvider>
        <RouterProvider router={router} />
      </ModalsProvider>
    </QueryClientProvider>,
  );
  return { router, unwire };
}
