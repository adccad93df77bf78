import * as v from 'valibot';
import { LIVE_CHANGES, paths, type RoleName } from '../../contract';
import { KEPT_LIST_NAMES, catalogListName, type KeptListName } from '../../contract/kept-lists';
import type { DerivedFlags } from '../../lib/permissions';
import type { Database } from '../db/client';
import { errorResponse } from '../http/errors';
import type { Session } from '../auth/session';
import { permits, route, type RouteDefinition } from '../http/route';
import { catalogSyncSource } from '../parts-catalog/catalog';
import { partsOrderSyncSource } from '../parts-orders/store';
import { readableCatalogPlants } from '../parts-orders/rules';
import { quoteSyncSource } from '../quotes/store';
import type { LiveList } from '../sync/live';
import type { SyncSource } from '../sync/source';
import { workOrderSyncSource } from '../work-orders/store';
import { homeownerSyncSource } from './homeowners';
import { inventorySyncSource } from './inventory';
import { leadSyncSource } from './leads';
import { orderSyncSource } from './orders';
import { businessDayOfSession } from '../business-day/business-day';
import type { KeptRule } from '../sync/kept-rule';

/*
 * GET {api}/sync/live: the live-changes stream (sync/live.ts). Server-Sent Events rather than WebSocket: the traffic
 * goes one way (names of lists), SSE is plain HTTP through every proxy, load balancer and the security headers we
 * already have, and it needs no upgrade handling or library. The browser reads it with fetch, not EventSource:
 * EventSource cannot send the Authorization header, and a token in the URL would land in access logs and proxies.
 */

interface KeptListAccess {
  /** Who may read it: as the list's GET route declares it (a test compares the two for every demo user). */
  access: { roles?: readonly RoleName[]; flag?: keyof DerivedFlags };
  source: (session: Session, rule: KeptRule) => SyncSource<unknown>;
}

/** Each list devices keep by delta sync (contract/kept-lists.ts names them), besides the plants' catalogs (below). */
const KEPT_LIST_ACCESS: { readonly [Name in KeptListName]: KeptListAccess } = {
  workOrders: { access: { flag: 'isServiceViewer' }, source: (session, rule) => workOrderSyncSource(session, rule) },
  partsOrders: { access: { flag: 'isServiceViewer' }, source: (session, rule) => partsOrderSyncSource(session, rule) },
  homeowners: {
    access: { roles: ['Warranty_User', 'Home_Owner_Viewer', 'Service_User'] },
    source: (session, rule) => homeownerSyncSource(session, rule),
  },
  quotes: { access: { flag: 'isSalesViewer' }, source: (session, rule) => quoteSyncSource(session, rule.clock) },
  salesOrders: { access: { flag: 'isSalesViewer' }, source: (session) => orderSyncSource(session) },
  leads: { access: { flag: 'canViewLeads' }, source: (session) => leadSyncSource(session) },
  inventory: {
    access: { roles: ['Sales_User', 'Sales_Viewer', 'Service_User', 'Warranty_User'] },
    source: (session, rule) => inventorySyncSource(session, businessDayOfSession(session, rule.clock)),
  },
};

export const KEPT_LISTS: readonly (KeptListAccess & { name: KeptListName })[] = KEPT_LIST_NAMES.map((name) => ({
  name,
  ...KEPT_LIST_ACCESS[name],
}));

/** The approved catalog of a plant (contract/kept-lists.ts catalogListName). */
const CATALOG_ACCESS = { flag: 'isServiceViewer' } as const;

/** Every kept list `session` may read, with its scope: what its stream watches. */
export async function liveListsOf(db: Database, session: Session, rule: KeptRule): Promise<LiveList[]> {
  const lists: LiveList[] = KEPT_LISTS.filter((list) => permits(session, list.access)).map((list) => ({
    name: list.name,
    source: list.source(session, rule),
  }));
  if (permits(session, CATALOG_ACCESS))
    for (const plant of await readableCatalogPlants(db, session))
      lists.push({ name: catalogListName(plant), source: catalogSyncSource(plant, true) });
  return lists;
}

export const liveChangesRoutes: readonly RouteDefinition[] = [
  route({
    method: 'GET',
    endpoint: paths.liveChanges,
    summary: 'A stream naming the kept lists that changed in the user’s scope',
    description: `Server-Sent Events: an event \`${LIVE_CHANGES.changed}\` whose data is LiveChangesEvent \`{ lists }\` (names such as \`workOrders\`, \`catalogParts:101\`), never the rows: the device then asks each list \`?since=\`. A comment every ${LIVE_CHANGES.heartbeatSeconds} s keeps proxies from closing it; it ends when the session ends.`,
    answer: { contentType: 'text/event-stream', schema: v.string(), description: 'The event stream.' },
    errors: [{ status: 503, description: 'This server offers no live changes now (draining): ask another instance.' }],
    handle: async ({ session, deps }) =>
      (await deps.live.open(session)) ?? errorResponse(503, 'Live changes are not available on this server.'),
  }),
];
