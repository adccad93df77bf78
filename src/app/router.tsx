import { createRouter, Navigate, type RouterHistory } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { routeTree } from './routeTree.gen';

export interface RouterContext {
  queryClient: QueryClient;
}

/** spec 1 §2: every unknown route redirects to /404 (whose screen is loaded with its route). */
function NotFoundRedirect() {
  return <Navigate to="/404" replace />;
}

/** `history` is for tests (memory history); the app uses the browser's. */
export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    history,
    context: { queryClient },
    // spec 1 §2: the scroll position is restored per URL.
    scrollRestoration: true,
    // spec 1 §2: every unknown route goes to /404.
    notFoundMode: 'root',
    defaultNotFoundComponent: NotFoundRedirect,
    defaultPendingMs: 300,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
  interface StaticDataRouteOption {
    /** Shown after the product name in the page title (spec 1 §2). */
    title?: string;
  }
}
