import { asc, eq } from 'drizzle-orm';
import type { AssignedFacility, CmhUser, Retailer } from '../../contract';
import type { Database } from '../db/client';
import * as t from '../db/schema';
import { zoneColumns, zoneOf } from '../business-day/business-day';

const retailerColumns = {
  retailerNumber: t.retailers.retailerNumber,
  name: t.retailers.name,
  retailerType: t.retailers.retailerType,
  retailerCity: t.retailers.city,
  webEnabled: t.retailers.webEnabled,
  ...zoneColumns(t.retailers),
};

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * The CmhUser of spec 1 §3 as the profile call answers it. `allowEdit` says whether the viewer may
 * edit this user; a user may always edit themselves.
 */
export async function loadCmhUser(db: Database, cmhUserId: number, options: { allowEdit?: boolean } = {}): Promise<CmhUser | null> {
  const [user] = await db.select().from(t.users).where(eq(t.users.id, cmhUserId));
  if (!user) return null;

  const roles = await db
    .select({ roleId: t.roles.id, name: t.roles.name, description: t.roles.description })
    .from(t.userRoles)
    .innerJoin(t.roles, eq(t.roles.id, t.userRoles.roleId))
    .where(eq(t.userRoles.userId, cmhUserId))
    .orderBy(asc(t.roles.name));
  const retailers = await db
    .select(retailerColumns)
    .from(t.userRetailers)
    .innerJoin(t.retailers, eq(t.retailers.retailerNumber, t.userRetailers.retailerNumber))
    .where(eq(t.userRetailers.userId, cmhUserId))
    .orderBy(asc(t.retailers.retailerNumber));
  const plants = await db
    .select({ plantNumber: t.plants.plantNumber, name: t.plants.name, ...zoneColumns(t.plants) })
    .from(t.userPlants)
    .innerJoin(t.plants, eq(t.plants.plantNumber, t.userPlants.plantNumber))
    .where(eq(t.userPlants.userId, cmhUserId))
    .orderBy(asc(t.plants.plantNumber));

  const availableRetailers: Retailer[] = retailers.map(({ timeZone, state, zipCode, ...retailer }) => ({
    ...retailer,
    timeZone: zoneOf({ timeZone, state, zipCode }),
  }));
  const availablePlants: AssignedFacility[] = plants.map(({ timeZone, state, zipCode, ...plant }) => ({
    ...plant,
    timeZone: zoneOf({ timeZone, state, zipCode }),
  }));
  const currentRetailer =
    availableRetailers.find((retailer) => retailer.retailerNumber === user.currentRetailerNumber) ?? availableRetailers[0] ?? null;

  return {
    cmhUserId: user.id,
    employeeId: user.employeeId,
    userName: user.userName,
    firstName: user.firstName,
    lastName: user.lastName,
    isActive: user.isActive,
    isInternal: user.isInternal,
    isPlantUser: user.isPlantUser,
    retailerName: currentRetailer?.name ?? '',
    retailerNumber: currentRetailer?.retailerNumber ?? null,
    currentRetailer,
    roles: roles.map((role) => role.name),
    cmhUserRoles: roles,
    availableRetailers,
    availablePlants,
    availableFacilities: availablePlants,
    passwordLastChanged: iso(user.passwordLastChanged),
    termsAcceptanceDate: iso(user.termsAcceptanceDate),
    allowEdit: options.allowEdit ?? true,
    rowVersion: user.rowVersion,
    twoFactorEnabled: user.twoFactorEnabledAt !== null,
  };
}
