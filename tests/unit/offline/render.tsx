import { render } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ModalsProvider } from '../../../src/ui/modals';

/** Renders `ui` inside a router (for Links) and the modals provider, as the app shell does. */
export function renderInApp(ui: ReactNode) {
  const rootRoute = createRootRoute({ component: () => <ModalsProvider>{ui}</ModalsProvider> });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  return render(<RouterProvider router={router as never} />);
}
