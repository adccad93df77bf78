import type { PGlite } from '@electric-sql/pglite';

/*
 * Puts an in-memory PGlite back to the rows it held when its snapshot was taken, so that one database serves a worker's
 * test files one after the other (harness.ts, leasePglite) instead of each file loading the template again.
 *
 * The snapshot is a copy of every table in a schema of its own (SNAPSHOT_SCHEMA, its tables named by oid so that no
 * query for a table's name meets them), the sequences' values, and the transaction id it was taken at. A row whose
 * xmin is newer than that id was written since (inserted, or the new version of an updated row); a row the snapshot
 * holds that is gone was deleted. So a table is unchanged exactly when it has as many rows as the snapshot and none
 * newer, which one scan of each table tells; a changed one loses its newer rows and gets back the snapshot's rows
 * it lacks (by primary key), with triggers and foreign keys off (session_replication_role), so that nothing is
 * stamped, tombstoned or notified on the way. Sequences are set back, session state reset. A change of the schema
 * itself (a table, column, trigger, function or constraint made, dropped or left disabled) is not undone: restore
 * answers false, and the caller loads the template again.
 */

export const SNAPSHOT_SCHEMA = 'harness_snapshot';

interface TableCopy {
  /** The table, qualified and quoted. */
  name: string;
  /** Its copy in SNAPSHOT_SCHEMA, qualified and quoted. */
  copy: string;
  /** Its columns, quoted (generated ones left out: they are computed again). */
  columns: string;
  /** Its primary key's columns, unquoted; empty without one (then a change copies the whole table back). */
  key: string[];
  rows: number;
}

export interface Snapshot {
  /** Rows with a newer xmin were written after the snapshot (or its last restore, whose rows are older). */
  xid: number;
  tables: TableCopy[];
  /** One statement setting every sequence back. */
  sequences: string;
  /** One statement: each table's row count and newest xmin. */
  survey: string;
  catalog: string;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

const USER_SCHEMAS = `n.nspname not like 'pg\\_%' and n.nspname <> 'information_schema' and n.nspname <> '${SNAPSHOT_SCHEMA}'`;

/** What restore cannot put back: every user object of the database, with what defines it. */
const CATALOG = `
  select md5(coalesce(string_agg(item, E'\\n' order by item), '')) as catalog from (
    select 'n ' || n.nspname as item from pg_namespace n where ${USER_SCHEMAS}
    union all
    select 'c ' || c.oid::regclass::text || ' ' || c.relkind::text || ' ' || c.relpersistence::text
      from pg_class c join pg_namespace n on n.oid = c.relnamespace where ${USER_SCHEMAS}
    union all
    select 'a ' || a.attrelid::regclass::text || ' ' || a.attnum || ' ' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
        || ' ' || a.attnotnull || ' ' || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
      from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where ${USER_SCHEMAS} and a.attnum > 0 and not a.attisdropped
    union all
    select 't ' || g.tgrelid::regclass::text || ' ' || g.tgname || ' ' || g.tgenabled::text || ' ' || pg_get_triggerdef(g.oid)
      from pg_trigger g join pg_class c on c.oid = g.tgrelid join pg_namespace n on n.oid = c.relnamespace
      where ${USER_SCHEMAS} and not g.tgisinternal
    union all
    select 'o ' || o.conrelid::regclass::text || ' ' || o.conname || ' ' || pg_get_constraintdef(o.oid)
      from pg_constraint o join pg_namespace n on n.oid = o.connamespace where ${USER_SCHEMAS}
    union all
    select 'f ' || p.oid::regprocedure::text || ' ' || md5(coalesce(p.prosrc, ''))
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace where ${USER_SCHEMAS}
  ) items`;

const currentXid = async (client: PGlite) =>
  Number((await client.query<{ xid: string }>('select txid_current()::text as xid')).rows[0]!.xid);

async function catalogOf(client: PGlite): Promise<string> {
  return (await client.query<{ catalog: string }>(CATALOG)).rows[0]!.catalog;
}

/** Copies every table of `client` and notes its sequences: the state restoreSnapshot puts back. */
export async function takeSnapshot(client: PGlite): Promise<Snapshot> {
  const listed = await client.query<{ oid: number; name: string; columns: string; key: string[] | null }>(`
    select c.oid::int as oid, format('%I.%I', n.nspname, c.relname) as name,
      (select string_agg(format('%I', a.attname), ', ' order by a.attnum) from pg_attribute a
        where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = '') as columns,
      (select array_agg(a.attname::text order by array_position(i.indkey::int2[], a.attnum)) from pg_index i
        join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey::int2[])
        where i.indrelid = c.oid and i.indisprimary) as key
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind = 'r' and ${USER_SCHEMAS}
    order by 2`);
  const tables: TableCopy[] = listed.rows.map((row) => ({
    name: row.name,
    copy: `${SNAPSHOT_SCHEMA}.t${row.oid}`,
    columns: row.columns,
    key: row.key ?? [],
    rows: 0,
  }));
  await client.exec(
    [
      `create schema ${SNAPSHOT_SCHEMA}`,
      ...tables.map((table) => `create table ${table.copy} as select ${table.columns} from ${table.name}`),
    ].join(';\n'),
  );
  const counts = await client.query<{ n: number }>(
    tables.map((table) => `select count(*)::int as n from ${table.copy}`).join(' union all ') || 'select 0 as n where false',
  );
  counts.rows.forEach((row, index) => (tables[index]!.rows = row.n));

  const sequences = await client.query<{ name: string }>(`
    select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind = 'S' and ${USER_SCHEMAS} order by 1`);
  const values: string[] = [];
  for (const { name } of sequences.rows) {
    const { rows } = await client.query<{ value: string; called: boolean }>(
      `select last_value::text as value, is_called as called from ${name}`,
    );
    values.push(`setval('${name.replace(/'/g, "''")}', ${rows[0]!.value}, ${rows[0]!.called})`);
  }
  return {
    xid: await currentXid(client),
    tables,
    sequences: values.length ? `select ${values.join(', ')}` : 'select 1',
    survey:
      tables
        .map((table, index) => `select ${index} as i, count(*)::int as n, max(xmin::text::bigint)::text as newest from ${table.name}`)
        .join(' union all ') || 'select 0 as i, 0 as n, null as newest where false',
    catalog: await catalogOf(client),
  };
}

/**
 * Puts `client` back to `snapshot`: false (and nothing done) when its schema changed, which a snapshot cannot undo.
 * Answers the tables it copied back.
 */
export async function restoreSnapshot(client: PGlite, snapshot: Snapshot): Promise<string[] | false> {
  // Whatever a file left in its session: settings, advisory locks, temporary tables.
  await client.exec('reset all; select pg_advisory_unlock_all(); discard temp');
  if ((await catalogOf(client)) !== snapshot.catalog) return false;

  const survey = await client.query<{ i: number; n: number; newest: string | null }>(snapshot.survey);
  const changed = survey.rows
    .filter((row) => row.n !== snapshot.tables[row.i]!.rows || (row.newest !== null && Number(row.newest) > snapshot.xid))
    .map((row) => snapshot.tables[row.i]!);

  const statements = ['begin', 'set local session_replication_role = replica'];
  for (const table of changed) {
    if (table.key.length === 0) {
      statements.push(
        `delete from ${table.name}`,
        `insert into ${table.name} (${table.columns}) select ${table.columns} from ${table.copy}`,
      );
      continue;
    }
    const sameKey = table.key.map((column) => `now.${quote(column)} = was.${quote(column)}`).join(' and ');
    statements.push(
      `delete from ${table.name} where xmin::text::bigint > ${snapshot.xid}`,
      `insert into ${table.name} (${table.columns}) select ${table.columns} from ${table.copy} was
        where not exists (select 1 from ${table.name} now where ${sameKey})`,
    );
  }
  statements.push(snapshot.sequences, 'commit');
  await client.exec(statements.join(';\n'));
  if (changed.length) {
    // The rows copied back are newer than the snapshot's id: from now on, newer than this one counts as changed.
    snapshot.xid = await currentXid(client);
    // The deleted rows' space is reused (PGlite has no autovacuum), and the row counts the planner reads are right again.
    // A checkpoint lets the WAL written so far go: it is kept in memory, up to max_wal_size (1 GB) between checkpoints.
    await client.exec(`vacuum ${changed.map((table) => table.name).join(', ')}`);
    await client.exec('checkpoint');
  }
  return changed.map((table) => table.name);
}

/**
 * The tables whose rows differ from the snapshot, compared as text: a check of restoreSnapshot (HARNESS_CHECK_RESET=1
 * makes the harness run it after each restore; a scan of every table and its copy).
 */
export async function tablesDifferentFrom(client: PGlite, snapshot: Snapshot): Promise<string[]> {
  const compared = await client.query<{ i: number; differ: boolean }>(
    snapshot.tables
      .map(
        (table, index) => `select ${index} as i, exists (
          (select r::text from (select ${table.columns} from ${table.name}) r except all select c::text from (select ${table.columns} from ${table.copy}) c)
          union all
          (select c::text from (select ${table.columns} from ${table.copy}) c except all select r::text from (select ${table.columns} from ${table.name}) r)
        ) as differ`,
      )
      .join(' union all '),
  );
  return compared.rows.filter((row) => row.differ).map((row) => snapshot.tables[row.i]!.name);
}
