import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { CmhUser, ManagedUser, ManagedUserRetailer, RoleName } from '../../contract';
import type { Database } from '../db/client';
import * as t from '../db/schema';

/** The admin as user administration sees them: the retail centers they administer. */
export interface Administrator {
  cmhUserId: number;
  retailerNumbers: ReadonlySet<string>;
}

export const administratorOf = (user: Pick<CmhUser, 'cmhUserId' | 'availableRetailers'>): Administrator => ({
  cmhUserId: user.cmhUserId,
  retailerNumbers: new Set(user.availableRetailers.map((retailer) => retailer.retailerNumber)),
});

interface UserFacts {
  isInternal: boolean;
  isPlantUser: boolean;
  retailers: readonly Pick<ManagedUserRetailer, 'retailerNumber'>[];
}

/**
 * spec 1 §4, §6: whether the admin may edit this user. Only when every retail center of the user is one
 * the admin administers — a user shared with another retailer belongs to that retailer's admin too —
 * and the user is neither internal staff nor plant staff, whom no retailer administers.
 */
export function mayEdit(admin: Administrator, user: UserFacts): boolean {
  if (user.isInternal || user.isPlantUser || user.retailers.length === 0) return false;
  return user.retailers.every((retailer) => admin.retailerNumbers.has(retailer.retailerNumber));
}

/** A user is visible to the admin when they share at least one retail center. */
export const isVisibleTo = (admin: Administrator, user: Pick<UserFacts, 'retailers'>) =>
  user.retailers.some((retailer) => admin.retailerNumbers.has(retailer.retailerNumber));

async function managedUsers(db: Database, admin: Administrator, userIds: readonly number[]): Promise<ManagedUser[]> {
  if (userIds.length === 0) return [];
  const ids = [...userIds];
  const rows = await db
    .select()
    .from(t.users)
    .where(inArray(t.users.id, ids))
    .orderBy(asc(sql`lower(${t.users.lastName})`), asc(sql`lower(${t.users.firstName})`), asc(t.users.id));
  const roleRows = await db
    .select({ userId: t.userRoles.userId, name: t.roles.name })
    .from(t.userRoles)
    .innerJoin(t.roles, eq(t.roles.id, t.userRoles.roleId))
    .where(inArray(t.userRoles.userId, ids))
    .orderBy(asc(t.roles.name));
  const retailerRows = await db
    .select({
      userId: t.userRetailers.userId,
      retailerNumber: t.retailers.retailerNumber,
      name: t.retailers.name,
      retailerCity: t.retailers.city,
    })
    .from(t.userRetailers)
    .innerJoin(t.retailers, eq(t.retailers.retailerNumber, t.userRetailers.retailerNumber))
    .where(inArray(t.userRetailers.userId, ids))
    .orderBy(asc(t.retailers.retailerNumber));

  const rolesOf = new Map<number, string[]>();
  for (const { userId, name } of roleRows) rolesOf.set(userId, [...(rolesOf.get(userId) ?? []), name]);
  const retailersOf = new Map<number, ManagedUserRetailer[]>();
  for (const { userId, ...retailer } of retailerRows) retailersOf.set(userId, [...(retailersOf.get(userId) ?? []), retailer]);

  return rows.map((row) => {
    const retailers = retailersOf.get(row.id) ?? [];
    return {
      cmhUserId: row.id,
      userName: row.userName,
      firstName: row.firstName,
      lastName: row.lastName,
      isActive: row.isActive,
      isInternal: row.isInternal,
      isPlantUser: row.isPlantUser,
      roles: rolesOf.get(row.id) ?? [],
      retailers,
      allowEdit: mayEdit(admin, { isInternal: row.isInternal, isPlantUser: row.isPlantUser, retailers }),
      hasPassword: row.passwordHash !== null,
      rowVersion: row.rowVersion,
      twoFactorEnabled: row.twoFactorEnabledAt !== null,
    };
  });
}

/** GET {api}/api/User/: every user of the admin's retail centers, by last and first name. */
export async function listManagedUsers(db: Database, admin: Administrator): Promise<ManagedUser[]> {
  if (admin.retailerNumbers.size === 0) return [];
  const members = await db
    .selectDistinct({ userId: t.userRetailers.userId })
    .from(t.userRetailers)
    .where(inArray(t.userRetailers.retailerNumber, [...admin.retailerNumbers]));
  return managedUsers(
    db,
    admin,
    members.map((member) => member.userId),
  );
}

/** One user as this admin sees them, or null when the user does not exist or shares no retail center. */
export async function findManagedUser(db: Database, admin: Administrator, cmhUserId: number): Promise<ManagedUser | null> {
  const [user] = await managedUsers(db, admin, [cmhUserId]);
  return user && isVisibleTo(admin, user) ? user : null;
}

export async function emailInUse(db: Database, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: t.users.id })
    .from(t.users)
    .where(eq(sql`lower(${t.users.userName})`, email.trim().toLowerCase()))
    .limit(1);
  return row !== undefined;
}

/** Role ids by name; throws for a name with no row, which the contract's role list rules out. */
async function roleIds(db: Database, names: readonly RoleName[]): Promise<number[]> {
  const rows = await db
    .select({ id: t.roles.id, name: t.roles.name })
    .from(t.roles)
    .where(inArray(t.roles.name, [...names]));
  const byName = new Map(rows.map((row) => [row.name, row.id]));
  return names.map((name) => {
    const id = byName.get(name);
    if (id === undefined) throw new Error(`role ${name} has no row`);
    return id;
  });
}

/** Replaces the user's roles and retail centers with the given ones. */
export async function assignRolesAndRetailers(
  db: Database,
  userId: number,
  roles: readonly RoleName[],
  retailerNumbers: readonly string[],
) {
  await db.delete(t.userRoles).where(eq(t.userRoles.userId, userId));
  await db.insert(t.userRoles).values((await roleIds(db, roles)).map((roleId) => ({ userId, roleId })));
  await db.delete(t.userRetailers).where(eq(t.userRetailers.userId, userId));
  await db.insert(t.userRetailers).values(retailerNumbers.map((retailerNumber) => ({ userId, retailerNumber })));
}

/** Keeps the user's current retail center if it is still theirs, else the first one. */
export async function keepCurrentRetailerValid(db: Database, userId: number, retailerNumbers: readonly string[]) {
  const [row] = await db.select({ current: t.users.currentRetailerNumber }).from(t.users).where(eq(t.users.id, userId));
  if (row?.current && retailerNumbers.includes(row.current)) return;
  await db
    .update(t.users)
    .set({ currentRetailerNumber: retailerNumbers[0] ?? null })
    .where(eq(t.users.id, userId));
}
