import * as v from 'valibot';
import { PlantNumber, RetailerNumber, RowVersion, Timestamp } from './common';
import { Role } from './roles';
import { RequiredText } from './text';

/** Retailer (spec 1 §3). retailerType 'C' is company-owned. */
export const Retailer = v.object({
  retailerNumber: RetailerNumber,
  name: v.string(),
  retailerType: v.string(),
  retailerCity: v.string(),
  webEnabled: v.boolean(),
  /** The zone of its business day (contract/time-zones.ts); absent in a session kept by an older version. */
  timeZone: v.optional(v.string()),
});
export type Retailer = v.InferOutput<typeof Retailer>;

/** A plant or facility assigned to a user (name and plantNumber). */
export const AssignedFacility = v.object({
  plantNumber: PlantNumber,
  name: v.string(),
  /** The zone of its business day (contract/time-zones.ts); absent in a session kept by an older version. */
  timeZone: v.optional(v.string()),
});
export type AssignedFacility = v.InferOutput<typeof AssignedFacility>;

/** Facility of the My Facilities directory (spec 1 §3). */
export const Facility = v.object({
  plantNumber: PlantNumber,
  printName: v.string(),
  marketingURLRetail: v.string(),
  marketingURLIndependent: v.string(),
});
export type Facility = v.InferOutput<typeof Facility>;

/** User (CmhUser) as the server sends it (spec 1 §3). Derived flags are computed in lib/permissions. */
export const CmhUser = v.object({
  cmhUserId: v.number(),
  employeeId: v.nullable(v.string()),
  userName: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  isActive: v.boolean(),
  isInternal: v.boolean(),
  isPlantUser: v.boolean(),
  retailerName: v.string(),
  retailerNumber: v.nullable(RetailerNumber),
  currentRetailer: v.nullable(Retailer),
  roles: v.array(v.string()),
  cmhUserRoles: v.array(Role),
  availableRetailers: v.array(Retailer),
  availablePlants: v.array(AssignedFacility),
  availableFacilities: v.array(AssignedFacility),
  passwordLastChanged: v.nullable(Timestamp),
  termsAcceptanceDate: v.nullable(Timestamp),
  allowEdit: v.boolean(),
  rowVersion: RowVersion,
  /** Two-factor sign-in is on (issue 33 §2); absent in a profile kept by an older version. */
  twoFactorEnabled: v.optional(v.boolean()),
  /** A role of the user requires two-factor sign-in and it is not on: nothing but its setup opens (REQUIRE_2FA_ROLES). */
  twoFactorSetupRequired: v.optional(v.boolean()),
});
export type CmhUser = v.InferOutput<typeof CmhUser>;

/** POST {auth}/api/Account/Token body (spec 1 §7). */
export const LoginBody = v.object({
  Username: RequiredText('Username is required.', 60, { allow: 'string' }),
  Password: v.pipe(v.string('Password is required.'), v.nonEmpty('Password is required.'), v.maxLength(200)),
});
export type LoginBody = v.InferOutput<typeof LoginBody>;

/** Account: the login answer (spec 1 §3). */
export const Account = v.object({
  firstName: v.string(),
  lastName: v.string(),
  email: v.string(),
  bearerToken: v.string(),
});
export type Account = v.InferOutput<typeof Account>;

/** GET {auth}/api/Account/ChangeRetailerNumber query and answer. */
export const ChangeRetailerQuery = v.object({ retailerNumber: RetailerNumber });
export const ChangeRetailerAnswer = v.object({ bearerToken: v.string(), user: CmhUser });
export type ChangeRetailerAnswer = v.InferOutput<typeof ChangeRetailerAnswer>;

/** POST {auth}/api/Account/Terms/ answer. */
export const TermsAcceptance = v.object({ termsAcceptanceDate: Timestamp });

/** Terms document details, dates in the /Date(ms)/ format (spec 1 §3). */
export const TermsDocument = v.object({
  CreateDate: v.pipe(v.string(), v.regex(/^\/Date\(-?\d+\)\/$/)),
  ModifyDate: v.pipe(v.string(), v.regex(/^\/Date\(-?\d+\)\/$/)),
});
export type TermsDocument = v.InferOutput<typeof TermsDocument>;

/** GET {api}/service/hxstatus/{retailerNumber}: homeowner-portal metadata (spec 3 §3). */
export const PortalMetadata = v.object({
  id: v.nullable(v.number()),
  developerName: v.string(),
  businessUnit: v.string(),
  businessUnitNumber: v.string(),
  deployWorkflow: v.boolean(),
  deployDispatch: v.boolean(),
  deployPortal: v.boolean(),
  partnerPortal: v.boolean(),
});
export type PortalMetadata = v.InferOutput<typeof PortalMetadata>;
