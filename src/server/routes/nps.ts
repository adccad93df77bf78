import type { RouteDefinition } from '../http/route';

export const npsRoutes: RouteDefinition[] = [];
