import type { RoleName } from '../../../contract';

export const DEFAULT_DEMO_PASSWORD = 'Demo#2026!';
export const DEMO_EMAIL_DOMAIN = 'demo.homesite.test';

export interface DemoUser {
  /** Short name for tests and the start-up table: the part of the e-mail before @. */
  key: string;
  userName: string;
  firstName: string;
  lastName: string;
  roles: RoleName[];
  /** The first one is the current retailer. */
  retailers: string[];
  plants: string[];
  isInternal: boolean;
  isPlantUser: boolean;
  employeeId: string | null;
  /** Days since the password was last changed (spec 1 §9: it expires after 91). */
  passwordAgeDays: number;
  profile: string;
}

export const ADMIN_RETAIL_CENTERS = ['4217', '4218', '4219'] as const;
/** The retail center of the service demo user, which a benchmark seed (scale above 1) fills (issue 10: 50,000 work orders, 20,000 homeowners). */
export const BENCHMARK_RETAILER = ADMIN_RETAIL_CENTERS[0];
export const PARTNER_PORTAL_RETAILER = '4219';
export const COMPANY_OWNED_RETAILER = '7740';
export const SECOND_INDEPENDENT_RETAILER = '5123';
export const PLANT_USER_FACILITIES = ['910', '931'] as const;

const demo = (
  user: Omit<DemoUser, 'userName' | 'isInternal' | 'isPlantUser' | 'employeeId' | 'passwordAgeDays' | 'plants'> & Partial<DemoUser>,
): DemoUser => ({
  userName: `${user.key}@${DEMO_EMAIL_DOMAIN}`,
  isInternal: false,
  isPlantUser: false,
  employeeId: null,
  passwordAgeDays: 12,
  plants: [],
  ...user,
});

/** One login per role profile (COMMON.md "Demo logins"). */
export const DEMO_USERS: readonly DemoUser[] = [
  demo({
    key: 'admin',
    firstName: 'Alex',
    lastName: 'Morgan',
    roles: [
      'Rtl_Admin',
      'Sales_User',
      'Service_User',
      'Warranty_User',
      'View_Pricing',
      'Sales_Leads_Claim',
      'Nps_Viewer',
      'MyCustomHomes',
      'Prospects_User',
    ],
    retailers: [...ADMIN_RETAIL_CENTERS],
    profile: 'retailer admin, three retail centers (4219 is a partner portal)',
  }),
  demo({
    key: 'service',
    firstName: 'Sam',
    lastName: 'Rivera',
    roles: ['Service_User', 'Warranty_User'],
    retailers: ['4217'],
    profile: 'service and warranty',
  }),
  demo({
    key: 'viewer',
    firstName: 'Val',
    lastName: 'Chen',
    roles: ['Service_Viewer', 'Sales_Viewer', 'Home_Owner_Viewer'],
    retailers: ['4217'],
    profile: 'read-only viewer',
  }),
  demo({
    key: 'sales',
    firstName: 'Sky',
    lastName: 'Patel',
    roles: ['Sales_User', 'MyCustomHomes', 'View_Pricing', 'Sales_Leads_Claim', 'Nps_Viewer'],
    retailers: ['4217', '4218'],
    profile: 'sales with pricing, leads and NPS',
  }),
  demo({
    key: 'plant',
    firstName: 'Pat',
    lastName: 'Owens',
    roles: ['Plant_User', 'Sales_Viewer', 'Service_User', 'Parts_Catalog_Change_Admin'],
    retailers: ['4217', SECOND_INDEPENDENT_RETAILER],
    plants: [...PLANT_USER_FACILITIES],
    isPlantUser: true,
    employeeId: 'P20871',
    profile: 'plant user, facilities 910 and 931',
  }),
  demo({
    key: 'driver',
    firstName: 'Drew',
    lastName: 'Collins',
    roles: ['EBE_Driver_Manager'],
    retailers: ['4217'],
    profile: 'driver manager',
  }),
  demo({
    key: 'internal',
    firstName: 'Ingrid',
    lastName: 'Holt',
    roles: ['Sales_Viewer', 'Service_Viewer'],
    retailers: ['4217', SECOND_INDEPENDENT_RETAILER, COMPANY_OWNED_RETAILER],
    isInternal: true,
    employeeId: 'E104233',
    profile: 'internal staff (no My Account)',
  }),
  demo({
    key: 'company',
    firstName: 'Casey',
    lastName: 'Brooks',
    roles: ['Sales_Leads_Claim', 'Nps_Viewer', 'Sales_User', 'Service_User'],
    retailers: [COMPANY_OWNED_RETAILER],
    profile: 'company-owned retailer 7740',
  }),
  demo({
    key: 'expiring',
    firstName: 'Erin',
    lastName: 'Walsh',
    roles: ['Service_User'],
    retailers: ['4218'],
    passwordAgeDays: 85,
    profile: 'password changed 85 days ago',
  }),
];

export interface DemoLogin {
  userName: string;
  password: string;
  profile: string;
}

export const demoLogins = (password = DEFAULT_DEMO_PASSWORD): DemoLogin[] =>
  DEMO_USERS.map((user) => ({ userName: user.userName, password, profile: user.profile }));

/** 'admin' → 'admin@demo.homesite.test'; a full user name is returned as it is. */
export const demoUserName = (userNameOrKey: string) =>
  userNameOrKey.includes('@') ? userNameOrKey : `${userNameOrKey}@${DEMO_EMAIL_DOMAIN}`;
