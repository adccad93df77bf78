import { asc, getTableName, inArray, sql } from 'drizzle-orm';
import type { Database } from './client';
import * as t from './schema';

/*
 * The demo accounts are every user whose user name (an e-mail address) is in the reserved `.test` top-level domain
 * (RFC 6761): the nine demo logins (@demo.homesite.test) and the retail staff the demo seed adds for user
 * administration (@smokymountainhomes.test, @homesite.test, @blueridgehousing.test), who all sign in with the demo
 * password. No real mailbox can have such an address, so no account of a real organisation is one.
 */
export const DEMO_ACCOUNT_TOP_LEVEL_DOMAIN = '.test';

const isDemoAccount = sql`lower(${t.users.userName}) like ${`%@%${DEMO_ACCOUNT_TOP_LEVEL_DOMAIN}`}`;

/** The user names of the demo accounts in the database, sorted; empty when there are none. */
export async function findDemoAccounts(db: Database): Promise<string[]> {
  const rows = await db.select({ userName: t.users.userName }).from(t.users).where(isDemoAccount).orderBy(asc(t.users.userName));
  return rows.map((row) => row.userName);
}

interface UserReference {
  tableName: string;
  columnName: string;
  notNull: boolean;
}

/**
 * Foreign keys to users(id) that would refuse the delete of a user (no ON DELETE action). Read from the catalogue,
 * so a table added later is handled the same way without a list to keep in step.
 */
async function blockingUserReferences(db: Database): Promise<UserReference[]> {
  const result = (await db.execute(sql`
    select c.conrelid::regclass::text as table_name, a.attname as column_name, a.attnotnull as not_null
    from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    where c.contype = 'f' and c.confrelid = ${getTableName(t.users)}::regclass
      and c.confdeltype in ('a', 'r') and array_length(c.conkey, 1) = 1
    order by 1, 2`)) as unknown as { rows: { table_name: string; column_name: string; not_null: boolean }[] };
  return result.rows.map((row) => ({ tableName: row.table_name, columnName: row.column_name, notNull: row.not_null }));
}

/** Rows a statement changed: node-postgres says rowCount, PGlite affectedRows. */
const affectedRows = (result: unknown) => {
  const { rowCount, affectedRows: changed } = result as { rowCount?: number | null; affectedRows?: number };
  return rowCount ?? changed ?? 0;
};

export interface DemoRemoval {
  /** The user names deleted. */
  removed: string[];
  /** Rows that referred to them without an ON DELETE rule: deleted when the reference is required, else unlinked. */
  detached: { table: string; column: string; rows: number; action: 'deleted' | 'unlinked' }[];
}

/**
 * Deletes every demo account in one transaction. What they wrote stays where the schema says so (ON DELETE SET NULL:
 * work orders, quotes… lose their author) or goes with them (CASCADE: roles, retail centers, sessions); the few rows
 * whose reference has no rule — their own support messages and feedback answers — are deleted with them.
 */
export async function removeDemoAccounts(db: Database): Promise<DemoRemoval> {
  return db.transaction(async (tx) => {
    const accounts = await tx
      .select({ id: t.users.id, userName: t.users.userName })
      .from(t.users)
      .where(isDemoAccount)
      .orderBy(asc(t.users.userName));
    if (accounts.length === 0) return { removed: [], detached: [] };
    const ids = accounts.map((account) => account.id);
    const idList = sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    );

    const detached: DemoRemoval['detached'] = [];
    for (const reference of await blockingUserReferences(tx)) {
      const table = sql.identifier(reference.tableName);
      const column = sql.identifier(reference.columnName);
      const result = reference.notNull
        ? await tx.execute(sql`delete from ${table} where ${column} in (${idList})`)
        : await tx.execute(sql`update ${table} set ${column} = null where ${column} in (${idList})`);
      const rows = affectedRows(result);
      if (rows > 0)
        detached.push({
          table: reference.tableName,
          column: reference.columnName,
          rows,
          action: reference.notNull ? 'deleted' : 'unlinked',
        });
    }
    await tx.delete(t.users).where(inArray(t.users.id, ids));
    return { removed: accounts.map((account) => account.userName), detached };
  });
}

/** Kept by `emptyAllData`: the reference data every database has (roles, units of measure, driver types: migrations 0014, 0016) and the instance's settings (its token secret). */
export const TABLES_KEPT_BY_EMPTY = ['roles', 'units_of_measure', 'driver_types', 'settings'] as const;

/**
 * Empties every table of the application schema but TABLES_KEPT_BY_EMPTY, in one statement: for an organisation that
 * tried the demo and starts clean. Sequences go on from where they were (no RESTART IDENTITY): the delta-sync
 * cursors devices hold stay behind every later change instead of pointing past it. Answers the tables emptied.
 */
export async function emptyAllData(db: Database): Promise<string[]> {
  const result = (await db.execute(
    sql`select tablename from pg_tables where schemaname = current_schema() order by tablename`,
  )) as unknown as {
    rows: { tablename: string }[];
  };
  const kept: readonly string[] = TABLES_KEPT_BY_EMPTY;
  const tables = result.rows.map((row) => row.tablename).filter((name) => !kept.includes(name));
  if (tables.length === 0) return [];
  await db.execute(
    sql`truncate table ${sql.join(
      tables.map((name) => sql.identifier(name)),
      sql`, `,
    )} cascade`,
  );
  return tables;
}
