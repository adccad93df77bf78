import type { RouteDefinition } from '../http/route';

export const deliveryReportRoutes: RouteDefinition[] = [];
