import type { RouteDefinition } from '../http/route';
import { accountRoutes } from './account';
import { loggerRoutes } from './logger';
import { sessionRoutes } from './session';
import { supportRoutes } from './support';
import { workOrderRoutes } from './work-orders';

/** Every endpoint of the server, one module per area (ARCHITECTURE.md "Areas"). */
export const allRoutes: readonly RouteDefinition[] = [
  ...sessionRoutes,
  ...accountRoutes,
  ...supportRoutes,
  ...loggerRoutes,
  ...workOrderRoutes,
];
