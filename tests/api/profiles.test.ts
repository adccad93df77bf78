import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { CmhUser, ROLE_NAMES } from '../../src/contract';
import { deriveFlags, type DerivedFlags } from '../../src/lib/permissions';
import { roles } from '../../src/server/db/schema';
import { createTestContext, type TestContext } from './harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

async function profileOf(key: string) {
  const token = await t.login(key);
  const result = await t.call('GET', '/auth/api/Account/User', { token });
  expect(result.status).toBe(200);
  return v.parse(CmhUser, result.body);
}

const retailerNumbers = (user: CmhUser) => user.availableRetailers.map((retailer) => retailer.retailerNumber);
const plantNumbers = (user: CmhUser) => user.availablePlants.map((plant) => plant.plantNumber);
const trueFlags = (flags: DerivedFlags) =>
  Object.entries(flags)
    .filter(([, on]) => on)
    .map(([name]) => name)
    .sort();

const DAY_MS = 86_400_000;
const ageInDays = (iso: string | null) => Math.floor((Date.now() - Date.parse(iso ?? '')) / DAY_MS);

describe('demo users (COMMON.md profiles)', () => {
  it('admin: retailer admin of three retail centers of one independent retailer', async () => {
    const user = await profileOf('admin');
    expect(user.roles).toEqual([
      'MyCustomHomes',
      'Nps_Viewer',
      'Prospects_User',
      'Rtl_Admin',
      'Sales_Leads_Claim',
      'Sales_User',
      'Service_User',
      'View_Pricing',
      'Warranty_User',
    ]);
    expect(user.cmhUserRoles.map((role) => role.name)).toEqual(user.roles);
    expect(user.cmhUserRoles.every((role) => role.description.length > 0 && role.roleId > 0)).toBe(true);
    expect(retailerNumbers(user)).toEqual(['4217', '4218', '4219']);
    expect(user.availableRetailers.map((retailer) => retailer.retailerCity)).toEqual(['Knoxville', 'Maryville', 'Sevierville']);
    expect(new Set(user.availableRetailers.map((retailer) => retailer.name)).size).toBe(1);
    expect(user.availableRetailers.every((retailer) => retailer.retailerType === 'I')).toBe(true);
    expect(user.currentRetailer?.retailerNumber).toBe('4217');
    expect(user.retailerName).toBe('Smoky Mountain Homes');
    expect(trueFlags(deriveFlags(user))).toEqual([
      'canViewCustomerExperienceLearning',
      'canViewLeads',
      'canViewMyAccount',
      'canViewNps',
      'isAdmin',
      'isLeadsAdmin',
      'isNpsViewer',
      'isPriceViewer',
      'isProspectsUser',
      'isSalesUser',
      'isSalesViewer',
      'isServiceAdmin',
      'isServiceViewer',
      'isWarrantyAdmin',
    ]);
    expect(user).toMatchObject({ isInternal: false, isPlantUser: false, availablePlants: [] });
  });

  it('service: service and warranty', async () => {
    const user = await profileOf('service');
    expect(user.roles).toEqual(['Service_User', 'Warranty_User']);
    expect(trueFlags(deriveFlags(user))).toEqual([
      'canViewCustomerExperienceLearning',
      'canViewMyAccount',
      'isServiceAdmin',
      'isServiceViewer',
      'isWarrantyAdmin',
    ]);
  });

  it('viewer: read-only', async () => {
    const user = await profileOf('viewer');
    expect(user.roles).toEqual(['Home_Owner_Viewer', 'Sales_Viewer', 'Service_Viewer']);
    const flags = deriveFlags(user);
    expect(flags).toMatchObject({ isSalesViewer: true, isServiceViewer: true, isSalesUser: false, isServiceAdmin: false, isAdmin: false });
  });

  it('sales: pricing, leads and NPS', async () => {
    const user = await profileOf('sales');
    expect(user.roles).toEqual(['MyCustomHomes', 'Nps_Viewer', 'Sales_Leads_Claim', 'Sales_User', 'View_Pricing']);
    expect(retailerNumbers(user)).toEqual(['4217', '4218']);
    expect(deriveFlags(user)).toMatchObject({
      isSalesUser: true,
      isPriceViewer: true,
      canViewLeads: true,
      canViewNps: true,
      isAdmin: false,
    });
  });

  it('plant: a plant user with two facilities', async () => {
    const user = await profileOf('plant');
    expect(user.roles).toEqual(['Parts_Catalog_Change_Admin', 'Plant_User', 'Sales_Viewer', 'Service_User']);
    expect(user.isPlantUser).toBe(true);
    expect(plantNumbers(user)).toEqual(['910', '931']);
    expect(user.availableFacilities).toEqual(user.availablePlants);
    expect(user.availablePlants.every((plant) => plant.name.length > 0)).toBe(true);
    expect(user.employeeId).not.toBeNull();
    expect(deriveFlags(user)).toMatchObject({ isPartsCatalogChangeManager: true, canViewEnergyCreditsLearning: true, isAdmin: false });
  });

  it('driver: driver manager only', async () => {
    const user = await profileOf('driver');
    expect(user.roles).toEqual(['EBE_Driver_Manager']);
    expect(deriveFlags(user).isEbeUser).toBe(true);
  });

  it('internal: internal staff without My Account', async () => {
    const user = await profileOf('internal');
    expect(user.roles).toEqual(['Sales_Viewer', 'Service_Viewer']);
    expect(user.isInternal).toBe(true);
    expect(deriveFlags(user)).toMatchObject({ canViewMyAccount: false, canViewCustomerExperienceLearning: false });
  });

  it('company: a company-owned retailer (type C, number ending in 0) hides leads and NPS', async () => {
    const user = await profileOf('company');
    expect(user.roles).toEqual(['Nps_Viewer', 'Sales_Leads_Claim', 'Sales_User', 'Service_User']);
    expect(user.currentRetailer).toMatchObject({ retailerNumber: '7740', retailerType: 'C' });
    expect(user.currentRetailer?.retailerNumber.endsWith('0')).toBe(true);
    expect(deriveFlags(user)).toMatchObject({ canViewLeads: false, canViewNps: false, isLeadsAdmin: true, isNpsViewer: true });
  });

  it('expiring: password changed 85 days ago; everyone else changed it recently', async () => {
    const expiring = await profileOf('expiring');
    expect(expiring.roles).toEqual(['Service_User']);
    expect(ageInDays(expiring.passwordLastChanged)).toBe(85);
    for (const key of ['admin', 'service', 'viewer', 'sales', 'plant', 'driver', 'internal', 'company']) {
      expect(ageInDays((await profileOf(key)).passwordLastChanged), key).toBeLessThan(30);
    }
  });

  it('every role of spec 1 §6 exists, with a description', async () => {
    const rows = await t.db.select().from(roles);
    expect(rows.map((role) => role.name).sort()).toEqual([...ROLE_NAMES].sort());
    expect(rows.every((role) => role.description.trim().length > 0)).toBe(true);
  });
});
