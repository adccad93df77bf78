import type { RouteDefinition } from '../http/route';

export const learnRoutes: RouteDefinition[] = [];
