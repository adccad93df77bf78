import { ROLE_NAMES, type RoleName } from '../../../contract';
import { hashPassword } from '../../auth/passwords';
import type { Database } from '../client';
import { insertRows } from './bulk';
import * as t from '../schema';
import {
  ADMIN_RETAIL_CENTERS,
  COMPANY_OWNED_RETAILER,
  DEMO_USERS,
  PARTNER_PORTAL_RETAILER,
  SECOND_INDEPENDENT_RETAILER,
} from './demo-users';
import { daysBefore } from './days';
import type { Random } from './random';

export const ROLE_DESCRIPTIONS: Record<RoleName, string> = {
  Rtl_Admin: 'Retailer administrator: manages the users of their retail centers.',
  Service_User: 'Creates and edits service requests, work orders and parts orders.',
  Service_Viewer: 'Views service requests, work orders and parts orders.',
  Sales_Viewer: 'Views quotes, orders and inventory.',
  Sales_User: 'Creates and edits quotes and orders.',
  View_Pricing: 'Sees prices on quotes, orders and invoices.',
  Warranty_User: 'Enters and updates homeowner warranty cards.',
  Sales_Leads_Claim: 'Views and claims sales leads.',
  Sales_Leads_Viewer: 'Views sales leads.',
  Home_Owner_Viewer: 'Views homeowners and their warranty cards.',
  Nps_Viewer: 'Views Net Promoter Score results and upcoming calls.',
  Parts_Catalog_Change_Admin: 'Reviews and approves parts catalog change requests.',
  Plant_User: 'Plant staff: works across the retailers of their facilities.',
  EBE_Driver_Manager: 'Manages transportation drivers.',
  Prospects_User: 'Works with prospects.',
  RetailerManagement: 'Opens Retailer Management.',
  MyCustomHomes: 'Builds quotes in My Custom Homes.',
  MyCustomHomes_Admin: 'Administers My Custom Homes options.',
  MyCustomHomes_ApproverOverride: 'Overrides My Custom Homes approvals.',
  MyCustomHomes_Quote_Approver: 'Approves My Custom Homes quotes.',
  MyCustomHomes_OverrideApprover: 'Approves My Custom Homes quote overrides.',
  TRU_Express: 'Opens TRU Express.',
  FndPlannerModels: 'Foundation Planner: models.',
  FndPlannerOrders: 'Foundation Planner: orders.',
  FndPlannerRtl: 'Foundation Planner: retail.',
  ProductionSchedulerAdmin: 'Administers the production scheduler.',
  ProductionSchedulerUser: 'Uses the production scheduler.',
  QuickViewUser: 'Opens Production Quickview.',
  TRNSchedulerAdmin: 'Administers transportation dispatch.',
  TRNSchedulerUser: 'Uses transportation dispatch.',
  RCOSchedulerUser: 'Uses the RCO scheduler.',
  RCOSchedulerAdmin: 'Administers the RCO scheduler.',
  HbgCommunications: 'Opens CommLink.',
  EnergyCreditSubmissions_Read: 'Views energy credit submissions.',
  Retailer_Rebates: 'Views volume rebates.',
};

export interface PlantSeed {
  plantNumber: string;
  name: string;
  serialPrefix: string;
  city: string;
  state: string;
  zipCode: string;
  areaCode: string;
}

export const PLANTS: readonly PlantSeed[] = [
  { plantNumber: '910', name: 'Clinton West', serialPrefix: 'CLW', city: 'Clinton', state: 'TN', zipCode: '37716', areaCode: '865' },
  { plantNumber: '915', name: 'Rutledge', serialPrefix: 'RUT', city: 'Rutledge', state: 'TN', zipCode: '37861', areaCode: '865' },
  { plantNumber: '920', name: 'Bean Station', serialPrefix: 'BST', city: 'Bean Station', state: 'TN', zipCode: '37708', areaCode: '423' },
  { plantNumber: '931', name: 'Richfield', serialPrefix: 'RCH', city: 'Richfield', state: 'NC', zipCode: '28137', areaCode: '704' },
  { plantNumber: '944', name: 'Hamilton', serialPrefix: 'HAM', city: 'Hamilton', state: 'AL', zipCode: '35570', areaCode: '205' },
  { plantNumber: '952', name: 'Waycross', serialPrefix: 'WAY', city: 'Waycross', state: 'GA', zipCode: '31501', areaCode: '912' },
  { plantNumber: '967', name: 'Bonham', serialPrefix: 'BON', city: 'Bonham', state: 'TX', zipCode: '75418', areaCode: '903' },
  { plantNumber: '973', name: 'Savannah', serialPrefix: 'SAV', city: 'Savannah', state: 'TN', zipCode: '38372', areaCode: '731' },
];

export interface RetailerSeed {
  retailerNumber: string;
  name: string;
  retailerType: 'I' | 'C';
  city: string;
  state: string;
  zipCode: string;
  areaCode: string;
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/(^-|-$)/g, '');

/** The retailers the demo logins belong to; the rest are generated around them. */
const NAMED_RETAILERS: readonly RetailerSeed[] = [
  {
    retailerNumber: ADMIN_RETAIL_CENTERS[0],
    name: 'Smoky Mountain Homes',
    retailerType: 'I',
    city: 'Knoxville',
    state: 'TN',
    zipCode: '37919',
    areaCode: '865',
  },
  {
    retailerNumber: ADMIN_RETAIL_CENTERS[1],
    name: 'Smoky Mountain Homes',
    retailerType: 'I',
    city: 'Maryville',
    state: 'TN',
    zipCode: '37804',
    areaCode: '865',
  },
  {
    retailerNumber: ADMIN_RETAIL_CENTERS[2],
    name: 'Smoky Mountain Homes',
    retailerType: 'I',
    city: 'Sevierville',
    state: 'TN',
    zipCode: '37862',
    areaCode: '865',
  },
  {
    retailerNumber: SECOND_INDEPENDENT_RETAILER,
    name: 'Blue Ridge Housing',
    retailerType: 'I',
    city: 'Asheville',
    state: 'NC',
    zipCode: '28806',
    areaCode: '828',
  },
  {
    retailerNumber: COMPANY_OWNED_RETAILER,
    name: 'HomeSite Home Center',
    retailerType: 'C',
    city: 'Lenoir City',
    state: 'TN',
    zipCode: '37771',
    areaCode: '865',
  },
];

const OTHER_TOWNS: readonly (readonly [string, string, string, string])[] = [
  ['Chattanooga', 'TN', '37421', '423'],
  ['Johnson City', 'TN', '37604', '423'],
  ['Cookeville', 'TN', '38501', '931'],
  ['Jackson', 'TN', '38305', '731'],
  ['Hickory', 'NC', '28602', '828'],
  ['Fayetteville', 'NC', '28303', '910'],
  ['Greenville', 'SC', '29607', '864'],
  ['Florence', 'SC', '29501', '843'],
  ['Tuscaloosa', 'AL', '35405', '205'],
  ['Dothan', 'AL', '36303', '334'],
  ['Valdosta', 'GA', '31601', '229'],
  ['Macon', 'GA', '31210', '478'],
  ['Tyler', 'TX', '75701', '903'],
  ['Waco', 'TX', '76710', '254'],
  ['Lufkin', 'TX', '75901', '936'],
  ['Bowling Green', 'KY', '42101', '270'],
  ['London', 'KY', '40741', '606'],
  ['Tupelo', 'MS', '38801', '662'],
  ['Hattiesburg', 'MS', '39402', '601'],
  ['Lake Charles', 'LA', '70601', '337'],
  ['Ocala', 'FL', '34471', '352'],
  ['Lakeland', 'FL', '33801', '863'],
  ['Roanoke', 'VA', '24012', '540'],
  ['Beckley', 'WV', '25801', '304'],
];
const RETAILER_WORDS = ['Homes', 'Home Center', 'Housing', 'Home Sales', 'Homes & Land', 'Home Source'];
const RETAILER_NAMES = [
  'Pine Hollow',
  'River Bend',
  'Heritage',
  'Sunbelt',
  'Cornerstone',
  'Southern Pride',
  'Country Lane',
  'Freedom',
  'Valley View',
  'Lakeside',
  'Liberty',
  'Red Oak',
];

/** Every retailer of the demo, in a fixed order: the named ones, then one per other town. */
export function retailerSeeds(random: Random): RetailerSeed[] {
  const generated = OTHER_TOWNS.map(([city, state, zipCode, areaCode], index): RetailerSeed => {
    const companyOwned = index % 8 === 3;
    // spec 1 §9: a number ending in 0 is company-owned, so independent numbers never end in 0.
    const base = 6000 + index * 37;
    const retailerNumber = companyOwned ? String(Math.ceil(base / 10) * 10) : String(base % 10 === 0 ? base + 1 : base);
    const name = companyOwned ? 'HomeSite Home Center' : `${random.pick(RETAILER_NAMES)} ${random.pick(RETAILER_WORDS)}`;
    return { retailerNumber, name, retailerType: companyOwned ? 'C' : 'I', city, state, zipCode, areaCode };
  });
  return [...NAMED_RETAILERS, ...generated];
}

const phone = (areaCode: string, random: Random) => `(${areaCode}) 555-01${String(random.int(0, 99)).padStart(2, '0')}`;

export async function seedShell(db: Database, random: Random, today: Date, demoPassword: string) {
  // Migration 0014 already put the roles in every database: this only makes sure of them.
  await db
    .insert(t.roles)
    .values(ROLE_NAMES.map((name) => ({ name, description: ROLE_DESCRIPTIONS[name] })))
    .onConflictDoNothing({ target: t.roles.name });
  const roleRows = await db.select({ id: t.roles.id, name: t.roles.name }).from(t.roles);
  const roleIds = new Map(roleRows.map((role) => [role.name, role.id]));

  const retailers = retailerSeeds(random);
  await insertRows(
    db,
    t.retailers,
    retailers.map((retailer, index) => {
      const partnerPortal = retailer.retailerNumber === PARTNER_PORTAL_RETAILER;
      // The demo's second independent retailer has no homeowner portal, so the spec's empty defaults show somewhere.
      const deployPortal =
        partnerPortal ||
        retailer.retailerType === 'C' ||
        (ADMIN_RETAIL_CENTERS as readonly string[]).includes(retailer.retailerNumber) ||
        (retailer.retailerNumber !== SECOND_INDEPENDENT_RETAILER && random.chance(0.4));
      return {
        retailerNumber: retailer.retailerNumber,
        name: retailer.name,
        retailerType: retailer.retailerType,
        address1: `${random.int(100, 9899)} ${random.pick(['Highway 11', 'Kingston Pike', 'Main Street', 'Commerce Drive', 'Industrial Park Road', 'US-70'])}`,
        city: retailer.city,
        state: retailer.state,
        zipCode: retailer.zipCode,
        phone: phone(retailer.areaCode, random),
        // A few generated retailers are not on the web, as in production.
        webEnabled: index < NAMED_RETAILERS.length || random.chance(0.85),
        portalMetadataId: deployPortal ? 100 + index : null,
        developerName: deployPortal ? slug(`${retailer.name} ${retailer.city}`) : '',
        businessUnit: deployPortal ? (retailer.retailerType === 'C' ? 'Company Retail' : 'Independent Retail') : '',
        businessUnitNumber: deployPortal ? `BU${retailer.retailerNumber}` : '',
        deployWorkflow: deployPortal && random.chance(0.7),
        deployDispatch: deployPortal && retailer.retailerType === 'C',
        deployPortal,
        partnerPortal,
      };
    }),
  );

  await insertRows(
    db,
    t.plants,
    PLANTS.map((plant) => ({
      plantNumber: plant.plantNumber,
      name: plant.name,
      printName: `HomeSite ${plant.name} (${plant.plantNumber})`,
      serialPrefix: plant.serialPrefix,
      marketingUrlRetail: `https://homes.homesite.test/plants/${slug(plant.name)}?channel=retail`,
      marketingUrlIndependent: `https://homes.homesite.test/plants/${slug(plant.name)}?channel=independent`,
      address1: `${random.int(100, 4999)} ${random.pick(['Plant Road', 'Industrial Boulevard', 'Factory Drive'])}`,
      city: plant.city,
      state: plant.state,
      zipCode: plant.zipCode,
      phone: phone(plant.areaCode, random),
      email: `plant${plant.plantNumber}@homesite.test`,
    })),
  );

  await insertRows(db, t.termsDocuments, {
    title: 'HomeSite Terms of Use',
    body: 'By using HomeSite you agree to keep customer information confidential, to use the portal only for the business of your retail center or plant, and to keep your sign-in details to yourself.',
    createdAt: new Date('2024-03-01T14:00:00Z'),
    modifiedAt: new Date('2025-06-15T14:00:00Z'),
  });

  const passwordHashes = await Promise.all(DEMO_USERS.map(() => hashPassword(demoPassword)));
  for (const [index, demo] of DEMO_USERS.entries()) {
    const [user] = await db
      .insert(t.users)
      .values({
        userName: demo.userName,
        firstName: demo.firstName,
        lastName: demo.lastName,
        passwordHash: passwordHashes[index] as string,
        passwordLastChanged: daysBefore(today, demo.passwordAgeDays),
        isInternal: demo.isInternal,
        isPlantUser: demo.isPlantUser,
        employeeId: demo.employeeId,
        currentRetailerNumber: demo.retailers[0] ?? null,
      })
      .returning({ id: t.users.id });
    const userId = user!.id;
    await insertRows(
      db,
      t.userRoles,
      demo.roles.map((role) => ({ userId, roleId: roleIds.get(role)! })),
    );
    if (demo.retailers.length > 0) {
      await insertRows(
        db,
        t.userRetailers,
        demo.retailers.map((retailerNumber) => ({ userId, retailerNumber })),
      );
    }
    if (demo.plants.length > 0) {
      await insertRows(
        db,
        t.userPlants,
        demo.plants.map((plantNumber) => ({ userId, plantNumber })),
      );
    }
  }
  return { retailers };
}
