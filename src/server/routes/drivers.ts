import type { RouteDefinition } from '../http/route';

export const driverRoutes: RouteDefinition[] = [];
