import { hasRole, deriveFlags, type PermissionSubject } from './permissions';

export type TileName =
  | 'Leads'
  | 'Prospects'
  | 'TRU Express'
  | 'Quotes'
  | 'Orders'
  | 'Service Center'
  | 'Inventory'
  | 'Foundation Planner'
  | 'My Homeowners'
  | 'Service & Parts'
  | 'NPS'
  | 'Reports'
  | 'Prod Scheduler'
  | 'Prod Quickview'
  | 'Dispatch'
  | 'RCO Scheduler'
  | 'CommLink'
  | 'Energy Credits'
  | 'Volume Rebates'
  | 'Learn'
  | 'Help'
  | 'Feedback'
  | 'My Facilities'
  | 'My Plants';

/** A home tile (spec 1 §3 App tile). `route` is a client route; `external` tiles open a configured URL. */
export interface Tile {
  name: TileName;
  category: 'sales' | 'service' | 'reports' | 'production' | 'resources';
  route?: string;
  external?: true;
  newTab?: true;
}

interface TileRule extends Tile {
  shown: (user: PermissionSubject, ctx: { partnerPortal: boolean }) => boolean;
}

const everyone = () => true;

/** spec 1 §6 "Tiles and the roles that show them", in the order of spec 1 §2 Home. */
const TILE_RULES: TileRule[] = [
  { name: 'Leads', category: 'sales', route: '/sales/leads', shown: (u) => deriveFlags(u).canViewLeads },
  { name: 'Prospects', category: 'sales', external: true, shown: (u) => hasRole(u, 'Prospects_User') },
  { name: 'TRU Express', category: 'sales', external: true, shown: (u) => hasRole(u, 'TRU_Express') },
  { name: 'Quotes', category: 'sales', route: '/sales/quotes', shown: (u) => hasRole(u, 'Sales_User', 'Sales_Viewer') },
  { name: 'Orders', category: 'sales', route: '/sales/orders', shown: (u) => hasRole(u, 'Sales_User', 'Sales_Viewer') },
  { name: 'Service Center', category: 'service', external: true, newTab: true, shown: (_u, c) => c.partnerPortal },
  {
    name: 'Inventory',
    category: 'sales',
    route: '/sales/inventory',
    shown: (u, c) => !c.partnerPortal && hasRole(u, 'Sales_User', 'Sales_Viewer', 'Service_User', 'Warranty_User'),
  },
  {
    name: 'Foundation Planner',
    category: 'production',
    external: true,
    shown: (u) => hasRole(u, 'FndPlannerModels', 'FndPlannerOrders', 'FndPlannerRtl'),
  },
  {
    name: 'My Homeowners',
    category: 'service',
    route: '/service/myHomeowners',
    shown: (u, c) => !c.partnerPortal && hasRole(u, 'Warranty_User', 'Home_Owner_Viewer', 'Service_User'),
  },
  {
    name: 'Service & Parts',
    category: 'service',
    route: '/service',
    shown: (u, c) => !c.partnerPortal && hasRole(u, 'Service_User', 'Service_Viewer'),
  },
  { name: 'NPS', category: 'reports', route: '/nps', shown: (u) => deriveFlags(u).canViewNps },
  {
    name: 'Reports',
    category: 'reports',
    route: '/reports',
    shown: (u) => hasRole(u, 'Service_User', 'Service_Viewer', 'Sales_User', 'Sales_Viewer'),
  },
  {
    name: 'Prod Scheduler',
    category: 'production',
    external: true,
    shown: (u) => hasRole(u, 'ProductionSchedulerAdmin', 'ProductionSchedulerUser'),
  },
  {
    name: 'Prod Quickview',
    category: 'production',
    external: true,
    shown: (u) => hasRole(u, 'ProductionSchedulerAdmin', 'ProductionSchedulerUser', 'QuickViewUser'),
  },
  { name: 'Dispatch', category: 'production', external: true, shown: (u) => hasRole(u, 'TRNSchedulerAdmin', 'TRNSchedulerUser') },
  { name: 'RCO Scheduler', category: 'production', external: true, shown: (u) => hasRole(u, 'RCOSchedulerUser', 'RCOSchedulerAdmin') },
  { name: 'CommLink', category: 'resources', external: true, shown: (u) => hasRole(u, 'HbgCommunications') },
  { name: 'Energy Credits', category: 'resources', external: true, shown: (u) => hasRole(u, 'EnergyCreditSubmissions_Read') },
  { name: 'Volume Rebates', category: 'resources', external: true, shown: (u) => hasRole(u, 'Retailer_Rebates') },
  { name: 'Learn', category: 'resources', route: '/learn', shown: everyone },
  { name: 'Help', category: 'resources', route: '/help', shown: everyone },
  { name: 'Feedback', category: 'resources', route: '/feedback', shown: everyone },
  { name: 'My Facilities', category: 'resources', route: '/myfacilities', shown: (u) => u.availableRetailers.length > 0 },
  { name: 'My Plants', category: 'resources', route: '/contact', shown: everyone },
];

/** The tiles a user sees on home and in the side navigation. */
export function visibleTiles(user: PermissionSubject, ctx: { partnerPortal: boolean }): Tile[] {
  return TILE_RULES.filter((rule) => rule.shown(user, ctx)).map(({ shown: _shown, ...tile }) => tile);
}

export const ALL_TILE_NAMES: readonly TileName[] = TILE_RULES.map((rule) => rule.name);
