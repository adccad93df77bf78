import * as v from 'valibot';
import { version } from '../../../package.json';
import { paths } from '../../contract';
import { route, type RouteDefinition } from '../http/route';
import { openApiDocument, type Area, type DocumentedRoute, type OpenApiDocument } from './document';

/*
 * GET {api}/openapi.json: the API reference of the routes the app serves (and of the operator's endpoints), made on
 * first ask. Public: an integrator needs it before they hold a key, and it says nothing about the data.
 */

const OPERATIONS: Area = { name: 'operations', description: 'Health, readiness and metrics for the operator, and this reference.' };

const Status = (status: string[]) => v.object({ status: v.picklist(status) });

/** The operator's endpoints (ops/health.ts mountOperations): outside the API bases, mounted by hand. */
export const OPERATOR_ROUTES: readonly DocumentedRoute[] = [
  {
    method: 'GET',
    path: '/healthz',
    area: OPERATIONS.name,
    doc: {
      auth: 'none',
      idempotent: false,
      summary: 'Liveness: the process answers',
      description: 'Asks nothing of the database: a failure means the process should be restarted.',
      answer: { schema: Status(['ok']), description: 'The process answers.' },
    },
  },
  {
    method: 'GET',
    path: '/readyz',
    area: OPERATIONS.name,
    doc: {
      auth: 'none',
      idempotent: false,
      summary: 'Readiness: whether to send this instance traffic',
      description: 'Ready when the database answers, its migrations are current, and the server is neither starting nor draining.',
      answer: { schema: Status(['ready']), description: 'Ready for traffic.' },
      errors: [
        {
          status: 503,
          description: 'Not ready: `starting`, `draining`, `migrations pending` or `database unavailable`.',
          schema: Status(['starting', 'draining', 'migrations pending', 'database unavailable']),
        },
      ],
    },
  },
  {
    method: 'GET',
    path: '/metrics',
    area: OPERATIONS.name,
    doc: {
      auth: 'metrics-token',
      idempotent: false,
      summary: 'Prometheus metrics',
      description: 'Off (404) unless the server has a METRICS_TOKEN. The metrics are listed in the README.',
      answer: { contentType: 'text/plain; version=0.0.4', schema: v.string(), description: 'The Prometheus text format.' },
      errors: [404],
    },
  },
];

/** An area of the server and what it holds (routes/index.ts ROUTE_AREAS). */
export interface RouteAreaText {
  area: string;
  description: string;
}

/**
 * The reference of `routes` (as the app serves them, the reference's own route among them) and of the operator's
 * endpoints, tagged by `areas` in their order.
 */
export const referenceOf = (routes: readonly RouteDefinition[], areas: readonly RouteAreaText[]): OpenApiDocument =>
  openApiDocument([...routes, ...OPERATOR_ROUTES], {
    version,
    areas: [...areas.map(({ area, description }): Area => ({ name: area, description })), OPERATIONS],
  });

/** `routes` and, after them, the route that answers their reference. */
export function withReference(routes: readonly RouteDefinition[], areas: readonly RouteAreaText[]): RouteDefinition[] {
  let answer: string | undefined;
  const served: RouteDefinition[] = [...routes];
  served.push({
    ...route({
      method: 'GET',
      endpoint: paths.openApi,
      auth: 'none',
      summary: 'This reference: the OpenAPI 3.1 document of every route',
      description: 'Rendered as docs/api.md in the repository.',
      answer: { description: 'An OpenAPI 3.1 document.', schema: v.looseObject({ openapi: v.literal('3.1.0') }) },
      handle: () => {
        answer ??= JSON.stringify(referenceOf(served, areas));
        return new Response(answer, {
          headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-cache' },
        });
      },
    }),
    area: OPERATIONS.name,
  });
  return served;
}
