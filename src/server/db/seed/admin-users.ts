import type { RoleName } from '../../../contract';
import { hashPassword } from '../../auth/passwords';
import type { Database } from '../client';
import { insertRows } from './bulk';
import * as t from '../schema';
import { ADMIN_RETAIL_CENTERS, COMPANY_OWNED_RETAILER, SECOND_INDEPENDENT_RETAILER } from './demo-users';
import { daysBefore } from './days';
import type { Random } from './random';

const FIRST_NAMES = [
  'Aaron',
  'Beth',
  'Carlos',
  'Dana',
  'Elijah',
  'Faith',
  'Grant',
  'Hannah',
  'Isaac',
  'Jada',
  'Kyle',
  'Lena',
  'Marcus',
  'Nora',
  'Owen',
  'Paige',
  'Quinn',
  'Rosa',
  'Silas',
  'Tara',
  'Uriel',
  'Vera',
  'Wade',
  'Ximena',
  'Yusuf',
  'Zoe',
  'Brandon',
  'Chloe',
  'Derek',
  'Emma',
  'Felix',
  'Gina',
  'Hector',
  'Ivy',
  'Jonah',
  'Kara',
];
const LAST_NAMES = [
  'Abbott',
  'Baker',
  'Castillo',
  'Dawson',
  'Ellis',
  'Foster',
  'Garner',
  'Hughes',
  'Ingram',
  'Jensen',
  'Keller',
  'Lowe',
  'Mercer',
  'Nash',
  'Ortega',
  'Pruitt',
  'Ramsey',
  'Sutton',
  'Tate',
  'Underwood',
  'Vance',
  'Whitaker',
  'Young',
  'Zimmerman',
];

/** Role sets as retail staff hold them: the two form presets of user administration and the usual mixes. */
const ROLE_PROFILES: readonly (readonly [readonly RoleName[], number])[] = [
  [['Sales_User', 'Service_User', 'Warranty_User'], 5],
  [['Sales_Viewer', 'Service_Viewer', 'Home_Owner_Viewer'], 4],
  [['Sales_User', 'View_Pricing', 'Sales_Leads_Claim'], 4],
  [['Sales_User', 'View_Pricing', 'Nps_Viewer', 'Sales_Leads_Viewer'], 2],
  [['Service_User', 'Warranty_User'], 3],
  [['Service_Viewer'], 1],
  [['Sales_Viewer', 'Nps_Viewer'], 1],
];

interface StaffGroup {
  /** The domain of their e-mail addresses: the business they work for. */
  domain: string;
  count: number;
  retailers: (random: Random) => string[];
  inactiveShare: number;
}

const someAdminCenters = (random: Random) => {
  const centers = ADMIN_RETAIL_CENTERS.filter(() => random.chance(0.4));
  return centers.length > 0 ? centers : [random.pick(ADMIN_RETAIL_CENTERS)];
};

/**
 * The staff of the demo retailers, so that user administration has a realistic list (spec 1 §2 Users list):
 * about forty people at the admin's three centers, some inactive, some who also work for Blue Ridge
 * Housing or the company-owned center (the admin sees those read-only), and Blue Ridge's own staff,
 * whom the admin does not see at all.
 */
const STAFF: readonly StaffGroup[] = [
  { domain: 'smokymountainhomes.test', count: 26, retailers: someAdminCenters, inactiveShare: 0.15 },
  {
    domain: 'smokymountainhomes.test',
    count: 5,
    retailers: (random) => [random.pick(ADMIN_RETAIL_CENTERS), SECOND_INDEPENDENT_RETAILER],
    inactiveShare: 0.2,
  },
  {
    domain: 'homesite.test',
    count: 2,
    retailers: (random) => [random.pick(ADMIN_RETAIL_CENTERS), COMPANY_OWNED_RETAILER],
    inactiveShare: 0,
  },
  { domain: 'blueridgehousing.test', count: 6, retailers: () => [SECOND_INDEPENDENT_RETAILER], inactiveShare: 0.2 },
];

/** Blue Ridge Housing's administrator: the admin of another retailer in the scope tests. */
const BLUE_RIDGE_ADMIN = {
  firstName: 'Rhett',
  lastName: 'Calloway',
  roles: ['Rtl_Admin', 'Sales_User', 'Service_User', 'Warranty_User'] as RoleName[],
};

export async function seedAdminUsers(db: Database, random: Random, today: Date, demoPassword: string) {
  // One hash for all of them: they sign in with the demo password like the demo logins.
  const passwordHash = await hashPassword(demoPassword);
  const roleRows = await db.select({ id: t.roles.id, name: t.roles.name }).from(t.roles);
  const roleIds = new Map(roleRows.map((role) => [role.name, role.id]));
  const taken = new Set((await db.select({ userName: t.users.userName }).from(t.users)).map((row) => row.userName));

  const people: {
    firstName: string;
    lastName: string;
    domain: string;
    roles: readonly RoleName[];
    retailers: string[];
    isActive: boolean;
  }[] = [];
  for (const group of STAFF) {
    for (let i = 0; i < group.count; i++) {
      people.push({
        firstName: random.pick(FIRST_NAMES),
        lastName: random.pick(LAST_NAMES),
        domain: group.domain,
        roles: random.weighted(ROLE_PROFILES),
        retailers: group.retailers(random),
        isActive: !random.chance(group.inactiveShare),
      });
    }
  }
  people.push({ ...BLUE_RIDGE_ADMIN, domain: 'blueridgehousing.test', retailers: [SECOND_INDEPENDENT_RETAILER], isActive: true });

  for (const person of people) {
    const local = `${person.firstName}.${person.lastName}`.toLowerCase();
    let userName = `${local}@${person.domain}`;
    for (let n = 2; taken.has(userName); n++) userName = `${local}${n}@${person.domain}`;
    taken.add(userName);

    const [user] = await db
      .insert(t.users)
      .values({
        userName,
        firstName: person.firstName,
        lastName: person.lastName,
        passwordHash,
        passwordLastChanged: daysBefore(today, random.int(1, 80)),
        isActive: person.isActive,
        termsAcceptanceDate: daysBefore(today, random.int(81, 400)),
        currentRetailerNumber: person.retailers[0] ?? null,
      })
      .returning({ id: t.users.id });
    const userId = user!.id;
    await insertRows(
      db,
      t.userRoles,
      person.roles.map((role) => ({ userId, roleId: roleIds.get(role)! })),
    );
    await insertRows(
      db,
      t.userRetailers,
      person.retailers.map((retailerNumber) => ({ userId, retailerNumber })),
    );
  }
  return { users: people.length };
}
