import { describe, expect, it } from 'vitest';
import { deriveFlags } from '../../../src/lib/permissions';
import { ALL_TILE_NAMES, visibleTiles } from '../../../src/lib/tiles';
import { demoProfile } from '../fixtures/demo-profiles';

const tileNames = (key: Parameters<typeof demoProfile>[0], partnerPortal = false) =>
  visibleTiles(demoProfile(key), { partnerPortal }).map((tile) => tile.name);

const EVERYONE = ['Learn', 'Help', 'Feedback', 'My Facilities', 'My Plants'];

describe('tiles per demo profile (spec 1 §6)', () => {
  it('admin: leads, prospects, sales and service, NPS and reports', () => {
    expect(tileNames('admin')).toEqual([
      'Leads',
      'Prospects',
      'Quotes',
      'Orders',
      'Inventory',
      'My Homeowners',
      'Service & Parts',
      'NPS',
      'Reports',
      ...EVERYONE,
    ]);
  });

  it('partner portal shows Service Center and hides Inventory, My Homeowners and Service & Parts', () => {
    const names = tileNames('admin', true);
    expect(names).toContain('Service Center');
    for (const hidden of ['Inventory', 'My Homeowners', 'Service & Parts']) expect(names).not.toContain(hidden);
    expect(tileNames('admin', false)).not.toContain('Service Center');
  });

  it('service: inventory, homeowners, service and reports', () => {
    expect(tileNames('service')).toEqual(['Inventory', 'My Homeowners', 'Service & Parts', 'Reports', ...EVERYONE]);
  });

  it('viewer: quotes and orders, homeowners, service and reports', () => {
    expect(tileNames('viewer')).toEqual(['Quotes', 'Orders', 'Inventory', 'My Homeowners', 'Service & Parts', 'Reports', ...EVERYONE]);
  });

  it('sales: leads, quotes, orders, inventory, NPS and reports', () => {
    expect(tileNames('sales')).toEqual(['Leads', 'Quotes', 'Orders', 'Inventory', 'NPS', 'Reports', ...EVERYONE]);
  });

  it('company-owned retailer hides Leads and NPS despite the roles', () => {
    const names = tileNames('company');
    expect(names).not.toContain('Leads');
    expect(names).not.toContain('NPS');
    expect(names).toEqual(['Quotes', 'Orders', 'Inventory', 'My Homeowners', 'Service & Parts', 'Reports', ...EVERYONE]);
  });

  it('driver: only the tiles everyone sees', () => {
    expect(tileNames('driver')).toEqual(EVERYONE);
  });

  it('My Facilities needs at least one available retailer', () => {
    const user = { ...demoProfile('driver'), availableRetailers: [] };
    expect(visibleTiles(user, { partnerPortal: false }).map((tile) => tile.name)).not.toContain('My Facilities');
  });

  it('only names tiles of spec 1 §2', () => {
    expect(ALL_TILE_NAMES).toHaveLength(24);
  });
});

describe('derived flags per demo profile (spec 1 §6)', () => {
  it('plant user with Rtl_Admin is not admin', () => {
    const plant = demoProfile('plant');
    expect(deriveFlags({ ...plant, roles: [...plant.roles, 'Rtl_Admin'] }).isAdmin).toBe(false);
    expect(deriveFlags(demoProfile('admin')).isAdmin).toBe(true);
  });

  it('plant user: service admin and viewer, sales viewer, parts catalog change manager, energy-credits learning', () => {
    expect(deriveFlags(demoProfile('plant'))).toMatchObject({
      isServiceAdmin: true,
      isServiceViewer: true,
      isSalesViewer: true,
      isSalesUser: false,
      isPartsCatalogChangeManager: true,
      canViewEnergyCreditsLearning: true,
      canViewCustomerExperienceLearning: true,
      canViewMyAccount: true,
    });
  });

  it('internal user: no My Account, no customer-experience learning', () => {
    expect(deriveFlags(demoProfile('internal'))).toMatchObject({
      canViewMyAccount: false,
      canViewCustomerExperienceLearning: false,
      canViewEnergyCreditsLearning: false,
      isSalesViewer: true,
      isServiceViewer: true,
    });
  });

  it('driver manager is an EBE user', () => {
    expect(deriveFlags(demoProfile('driver')).isEbeUser).toBe(true);
    expect(deriveFlags(demoProfile('admin')).isEbeUser).toBe(false);
  });

  it('sales: price viewer, leads and NPS; company-owned: neither leads nor NPS', () => {
    expect(deriveFlags(demoProfile('sales'))).toMatchObject({
      isPriceViewer: true,
      canViewLeads: true,
      canViewNps: true,
      isSalesViewer: true,
    });
    expect(deriveFlags(demoProfile('company'))).toMatchObject({ canViewLeads: false, canViewNps: false, isLeadsAdmin: true });
  });

  it('viewer: viewers only', () => {
    expect(deriveFlags(demoProfile('viewer'))).toMatchObject({
      isServiceAdmin: false,
      isServiceViewer: true,
      isSalesUser: false,
      isSalesViewer: true,
      isAdmin: false,
    });
  });
});
