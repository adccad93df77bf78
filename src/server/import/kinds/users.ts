import { sql } from 'drizzle-orm';
import { USER_IMPORT_COLUMNS, UserImportRow } from '../../../contract/import';
import type { Database } from '../../db/client';
import * as t from '../../db/schema';
import { defineKind, doesNotExist, missingItems, type RowIssue } from '../kind';
import { countWrites, queryRows, syncLinks, upsertRows } from '../write';

interface UserReferences {
  roleIds: Map<string, number>;
  retailers: Set<string>;
  plants: Set<string>;
  /** The current retailer of each stored user, by lower-cased user name. */
  currentRetailerOf: Map<string, string | null>;
}

/**
 * Users by user name (lower-cased), with their roles, retail centers and plants, each list replacing what the user had.
 * New users get no password and no password date (an invitation sets both); a later import never touches either. With no current
 * retailer given, a user keeps the one they chose if it is still theirs, else starts in their first.
 */
export const usersKind = defineKind<UserImportRow, UserReferences>({
  description: 'Users (e-mail, names, flags) with their roles, retail centers and plants; no password.',
  columns: USER_IMPORT_COLUMNS,
  schema: UserImportRow,
  keyField: 'userName',
  keyOf: (row) => row.userName,
  loadReferences: async (db) => ({
    roleIds: new Map((await db.select({ id: t.roles.id, name: t.roles.name }).from(t.roles)).map((role) => [role.name, role.id])),
    retailers: new Set(
      (await db.select({ retailerNumber: t.retailers.retailerNumber }).from(t.retailers)).map((retailer) => retailer.retailerNumber),
    ),
    plants: new Set((await db.select({ plantNumber: t.plants.plantNumber }).from(t.plants)).map((plant) => plant.plantNumber)),
    currentRetailerOf: new Map(
      (await db.select({ userName: sql<string>`lower(${t.users.userName})`, current: t.users.currentRetailerNumber }).from(t.users)).map(
        (user) => [user.userName, user.current],
      ),
    ),
  }),
  check: (row, { refs }): RowIssue[] => [
    ...row.roles.flatMap((role, index) =>
      refs.roleIds.has(role) ? [] : [{ field: `roles[${index}]`, message: doesNotExist('role', role) }],
    ),
    ...missingItems('retailers', row.retailers, (retailer) => refs.retailers.has(retailer), 'retailer'),
    ...missingItems('plants', row.plants, (plant) => refs.plants.has(plant), 'plant'),
  ],
  write: async (db, rows, { refs }) => {
    const currentRetailer = (row: UserImportRow) => {
      if (row.currentRetailer !== undefined) return row.currentRetailer;
      const kept = refs.currentRetailerOf.get(row.userName);
      return kept && row.retailers.includes(kept) ? kept : (row.retailers[0] ?? null);
    };
    const written = await upsertRows(
      db,
      {
        table: 'users',
        input: [
          ['user_name', 'text'],
          ['first_name', 'text'],
          ['last_name', 'text'],
          ['password_hash', 'text'],
          ['is_active', 'boolean'],
          ['is_internal', 'boolean'],
          ['is_plant_user', 'boolean'],
          ['employee_id', 'text'],
          ['current_retailer_number', 'text'],
        ],
        insert: [
          'user_name',
          'first_name',
          'last_name',
          'password_hash',
          'is_active',
          'is_internal',
          'is_plant_user',
          'employee_id',
          'current_retailer_number',
        ],
        conflict: '(lower("user_name"))',
        update: ['first_name', 'last_name', 'is_active', 'is_internal', 'is_plant_user', 'employee_id', 'current_retailer_number'],
        onChange: ['"row_version" = target."row_version" + 1'],
        key: 'lower(target.user_name)',
      },
      rows.map((row) => ({
        user_name: row.userName,
        first_name: row.firstName,
        last_name: row.lastName,
        password_hash: null,
        is_active: row.active,
        is_internal: row.internal,
        is_plant_user: row.plantUser,
        employee_id: row.employeeId ?? null,
        current_retailer_number: currentRetailer(row),
      })),
    );
    const ids = await userIds(
      db,
      rows.map((row) => row.userName),
    );
    const idOf = (row: UserImportRow) => ids.get(row.userName)!;
    const owners = rows.map(idOf);
    const linksChanged = [
      ...(await syncLinks(
        db,
        { table: 'user_roles', owner: ['user_id', 'integer'], value: ['role_id', 'integer'] },
        owners,
        rows.flatMap((row) => row.roles.map((role) => [idOf(row), refs.roleIds.get(role)!] as const)),
      )),
      ...(await syncLinks(
        db,
        { table: 'user_retailers', owner: ['user_id', 'integer'], value: ['retailer_number', 'text'] },
        owners,
        rows.flatMap((row) => row.retailers.map((retailer) => [idOf(row), retailer] as const)),
      )),
      ...(await syncLinks(
        db,
        { table: 'user_plants', owner: ['user_id', 'integer'], value: ['plant_number', 'text'] },
        owners,
        rows.flatMap((row) => row.plants.map((plant) => [idOf(row), plant] as const)),
      )),
    ];
    const nameOf = new Map([...ids].map(([userName, id]) => [String(id), userName]));
    return countWrites(
      written,
      linksChanged.map((id) => nameOf.get(id)!),
    );
  },
});

/** The ids of the users of a batch, by lower-cased user name. */
async function userIds(db: Database, userNames: readonly string[]) {
  const rows = await queryRows<{ id: number; user_name: string }>(
    db,
    sql`select ${t.users.id} as id, lower(${t.users.userName}) as user_name from ${t.users} where lower(${t.users.userName}) in (select jsonb_array_elements_text(${JSON.stringify(userNames)}::jsonb))`,
  );
  return new Map(rows.map((row) => [row.user_name, Number(row.id)]));
}
