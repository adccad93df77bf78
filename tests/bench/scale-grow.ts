// Issue 31 §6: grows a PostgreSQL database seeded with the benchmark seed (scale 2) to a large builder's ten years of
// service, by SQL only: copies of the seed's homes, warranty cards, work orders, service items and parts lines, shifted
// over ten years (more each year, as a growing business), most closed, a few percent open and recent. Sync stamps are
// the inserting transactions' (one per batch of 25,000 work orders, oldest first), so the delta order follows time.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { DEFAULT_NUMBER_STARTS } from '../../src/server/numbers/number-starts';
import { CLOSED_STATUSES } from '../../src/contract';

export const SCALE_TARGET = { workOrders: 1_000_000, homes: 433_000 };
/** The demo user who sees every plant: a copy of plant@ (who keeps two) with all of them. */
export const REGIONAL_USER = 'regional';
const PLANT_USER_NAME = 'plant@demo.homesite.test';
const REGIONAL_USER_NAME = `${REGIONAL_USER}@demo.homesite.test`;

const YEARS_DAYS = 3_650;
const WORK_ORDER_BATCH = 25_000;
const HOME_BATCH = 50_000;
/** Grown homes' serial numbers have six digits from here (the seed's stay below 100,000). */
const GROWN_SERIAL_DIGITS = 500_000;

const isGrownHome = (serial: string) =>
  `(case when substr(${serial}, 4, 6) ~ '^[0-9]{6}$' then substr(${serial}, 4, 6)::int >= ${GROWN_SERIAL_DIGITS} else false end)`;

export interface GrowReport {
  grown: boolean;
  seconds: number;
  counts: ScaleCounts;
}

type Log = (line: string) => void;

/** A uniform number in [0, 1) from row number `n` and a salt: the same every run. */
const uniform = (n: string, salt: number) => `((hashint8extended((${n})::bigint, ${salt}) & 2147483647)::float8 / 2147483648.0)`;

async function one<T>(client: pg.Client, text: string, values: unknown[] = []): Promise<T> {
  return (await client.query(text, values)).rows[0] as T;
}

export interface ScaleCounts {
  workOrders: number;
  serviceItems: number;
  partsLines: number;
  homes: number;
  warrantyCards: number;
  retailers: number;
  plants: number;
}

async function counts(client: pg.Client): Promise<ScaleCounts> {
  const row = await one<Record<string, string>>(
    client,
    `select (select count(*) from service_requests) as "workOrders", (select count(*) from service_items) as "serviceItems",
      (select count(*) from service_parts) as "partsLines", (select count(*) from homes) as homes,
      (select count(*) from warranty_cards) as "warrantyCards", (select count(*) from retailers) as retailers,
      (select count(*) from plants) as plants`,
  );
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Number(value)])) as unknown as ScaleCounts;
}

/** Ids `count` after the highest of `table`, taken from its sequence (no server writes while the database grows). */
async function reserveIds(client: pg.Client, table: string, count: number): Promise<number> {
  const { top } = await one<{ top: string }>(
    client,
    `select setval(pg_get_serial_sequence('${table}', 'id'), (select coalesce(max(id), 0) from ${table}) + $1) as top`,
    [count],
  );
  return Number(top) - count + 1;
}

async function growHomes(client: pg.Client, log: Log) {
  const { homes, grown } = await one<{ homes: string; grown: string }>(
    client,
    `select count(*) as homes, count(*) filter (where ${isGrownHome('serial_number')}) as grown from homes`,
  );
  const missing = SCALE_TARGET.homes - Number(homes);
  if (missing <= 0) return;
  const began = performance.now();
  await client.query(`create temp table scale_home_src as
    select (row_number() over (order by h.id) - 1)::int as k, h.id from homes h
    where not ${isGrownHome('h.serial_number')} order by h.id`);
  await client.query(`create temp table scale_pairs as
    select (row_number() over (order by retailer_number, plant_number) - 1)::int as k, retailer_number, plant_number from retailer_plants`);
  const { sources, pairs } = await one<{ sources: number; pairs: number }>(
    client,
    'select (select count(*) from scale_home_src)::int as sources, (select count(*) from scale_pairs)::int as pairs',
  );
  for (let done = 0; done < missing; done += HOME_BATCH) {
    const size = Math.min(HOME_BATCH, missing - done);
    const first = await reserveIds(client, 'homes', size);
    // n numbers the grown homes across runs (serial digits); k the row of this batch.
    const n0 = Number(grown) + done;
    await client.query('begin');
    await client.query(`create temp table scale_home_map on commit drop as
      select ${first} + g.i as id, ${n0} + g.i as n, s.id as src_id, p.retailer_number, p.plant_number,
        current_date - (30 + floor(${uniform(`${n0} + g.i`, 11)} * 4000))::int as manufactured
      from generate_series(0, ${size - 1}) as g(i)
      join scale_home_src s on s.k = floor(${uniform(`${n0} + g.i`, 12)} * ${sources})::int
      join scale_pairs p on p.k = floor(${uniform(`${n0} + g.i`, 13)} * ${pairs})::int`);
    await client.query(`insert into homes (id, serial_number, plant_number, retailer_number, model_number, model_name, sections,
        square_footage, bedrooms, bathrooms, manufactured_date, sold_date, homeowner_first_name, homeowner_last_name,
        homeowner_email, homeowner_phone, address1, city, state, zip_code, created_at)
      select m.id, pl.serial_prefix || (${GROWN_SERIAL_DIGITS} + m.n)::text || substr(h.serial_number, 10), m.plant_number, m.retailer_number,
        h.model_number, h.model_name, h.sections, h.square_footage, h.bedrooms, h.bathrooms, m.manufactured,
        case when h.sold_date is null then null else least(current_date, m.manufactured + 20 + (m.n % 100)) end,
        h.homeowner_first_name, h.homeowner_last_name, h.homeowner_email, h.homeowner_phone, h.address1, h.city, h.state, h.zip_code,
        m.manufactured::timestamptz
      from scale_home_map m join homes h on h.id = m.src_id join plants pl on pl.plant_number = m.plant_number`);
    // A warranty card for each sold home whose source had one (as in the seed: nearly every home).
    await client.query(`insert into warranty_cards (home_id, status_code, first_name, last_name, middle_initial, suffix, email_address,
        address1, address2, city, state, zip_code, zip4, area_code, phone_number, cell_area_code, cell_phone_number, sold_date,
        nps_date, home_address1, home_address2, home_city, home_state, home_zip_code, home_phone_number, home_address, thermal_zone,
        wind_zone, roof_load, order_number, purchase_order_number, quote_number, vantage_account_id, created_at, updated_at)
      select m.id, c.status_code, c.first_name, c.last_name, c.middle_initial, c.suffix, c.email_address, c.address1, c.address2,
        c.city, c.state, c.zip_code, c.zip4, c.area_code, c.phone_number, c.cell_area_code, c.cell_phone_number, h.sold_date,
        case when c.nps_date is null then null else h.sold_date + 30 end, c.home_address1, c.home_address2, c.home_city,
        c.home_state, c.home_zip_code, c.home_phone_number, c.home_address, c.thermal_zone, c.wind_zone, c.roof_load, c.order_number,
        c.purchase_order_number, c.quote_number, c.vantage_account_id, h.sold_date::timestamptz, (h.sold_date + 2)::timestamptz
      from scale_home_map m join homes h on h.id = m.id join warranty_cards c on c.home_id = m.src_id
      where h.sold_date is not null`);
    await client.query('commit');
  }
  await client.query('drop table scale_home_src; drop table scale_pairs');
  log(`  homes: ${missing.toLocaleString('en-US')} added (with warranty cards) in ${((performance.now() - began) / 1000).toFixed(1)} s`);
}

/**
 * The closed statuses (CLOSED_STATUSES) make up most of ten years; the chance that a work order is still open falls
 * with its age: 60 % in its first 30 days, 25 % to 90 days, 2 % to a year, 0.1 % after.
 */
/** A date of the source request, at the same distance from the copy's request day, never after today (LEAST skips nulls: the CASE keeps them). */
const shifted = (column: string) =>
  `case when s.${column} is null then null else least(current_date, w.request_day + (s.${column} - s.request_date)) end`;

const OPEN_CHANCE = `case when d <= 30 then 0.6 when d <= 90 then 0.25 when d <= 365 then 0.02 else 0.001 end`;

async function growWorkOrders(client: pg.Client, log: Log) {
  const existing = Number((await one<{ n: string }>(client, 'select count(*) as n from service_requests')).n);
  const missing = SCALE_TARGET.workOrders - existing;
  if (missing <= 0) return;
  const began = performance.now();
  const closed = CLOSED_STATUSES.map((status) => `'${status}'`).join(', ');
  // Sources: the seed's own requests, open and closed apart, so a copy keeps its status, type, dates and items together.
  await client.query(`create temp table scale_open_src as
    select (row_number() over (order by id) - 1)::int as k, id from (select id from service_requests where status not in (${closed}) order by id limit 60000) s`);
  await client.query(`create temp table scale_closed_src as
    select (row_number() over (order by id) - 1)::int as k, id from (select id from service_requests where status in (${closed}) order by id limit 60000) s`);
  await client.query(`create temp table scale_homes as
    select (row_number() over (order by id) - 1)::int as k, id, plant_number, retailer_number, serial_number from homes`);
  await client.query('create index on scale_homes (k); analyze scale_homes; analyze scale_open_src; analyze scale_closed_src');
  const pools = await one<{ open: number; closed: number; homes: number; top: number | null }>(
    client,
    `select (select count(*) from scale_open_src)::int as open, (select count(*) from scale_closed_src)::int as closed,
      (select count(*) from scale_homes)::int as homes,
      (select max(vantage_work_order_id) from service_requests where vantage_work_order_id >= ${DEFAULT_NUMBER_STARTS.workOrder}) as top`,
  );
  if (pools.open === 0 || pools.closed === 0) throw new Error('the seed has no open or no closed work orders to copy');
  // Work order numbers as HomeSite hands them out (number-starts.ts): from WORK_ORDER_NUMBER_START, above any there.
  const firstNumber = pools.top === null ? DEFAULT_NUMBER_STARTS.workOrder : Number(pools.top) + 1;
  let lastPrinted = performance.now();
  for (let done = 0; done < missing; done += WORK_ORDER_BATCH) {
    const size = Math.min(WORK_ORDER_BATCH, missing - done);
    const first = await reserveIds(client, 'service_requests', size);
    await client.query('begin');
    // n: 1..missing, oldest first; d: days ago, drawn so that volume grows linearly over the ten years (about 5 % in the last 90 days).
    await client.query(`create temp table scale_wo_map on commit drop as
      select g.*, (${OPEN_CHANCE}) > ${uniform('n', 21)} as open
      from (select ${first} + i as id, ${done + 1} + i as n,
              1 + floor(${YEARS_DAYS - 1} * (1 - sqrt((${done + 1} + i)::float8 / ${missing})))::int as d
            from generate_series(0, ${size - 1}) as series(i)) g`);
    await client.query(`create temp table scale_wo on commit drop as
      select m.id, m.n, m.d, current_date - m.d as request_day, coalesce(o.id, c.id) as src_id, h.id as home_id, h.plant_number,
        h.retailer_number, h.serial_number
      from scale_wo_map m
      left join scale_open_src o on m.open and o.k = floor(${uniform('m.n', 22)} * ${pools.open})::int
      left join scale_closed_src c on not m.open and c.k = floor(${uniform('m.n', 23)} * ${pools.closed})::int
      join scale_homes h on h.k = floor(${uniform('m.n', 24)} * ${pools.homes})::int`);
    await client.query(`insert into service_requests (id, service_request_number, vantage_work_order_id, vantage_work_order_number,
        home_id, plant_number, retailer_number, serial_number, vantage_case_origin, case_subject, case_description, request_type,
        status, request_date, scheduled_date, performed_date, start_date, end_date, technician, trip_time, mileage, other_costs,
        mileage_rate, one_man_service_rate, two_man_service_rate, driver_rate, total_service_cost, total_combined_cost,
        signature_on_file, is_under_warranty, is_archived, submitted_at, created_at, updated_at)
      select w.id, case when w.id >= 100000 then w.id::text else lpad(w.id::text, 6, '0') end,
        case when s.status = 'Unsubmitted' then null else ${firstNumber - 1} + w.n end,
        case when s.status = 'Unsubmitted' then null else 'WO-' || lpad((${firstNumber - 1} + w.n)::text, greatest(7, length((${firstNumber - 1} + w.n)::text)), '0') end,
        w.home_id, w.plant_number, w.retailer_number, w.serial_number, s.vantage_case_origin, s.case_subject, s.case_description,
        s.request_type, s.status, w.request_day,
        ${shifted('scheduled_date')},
        case when s.performed_date is null then null
          else greatest(w.request_day, least(current_date - 1, w.request_day + (s.performed_date - s.request_date))) end,
        ${shifted('start_date')},
        ${shifted('end_date')},
        s.technician, s.trip_time, s.mileage, s.other_costs, s.mileage_rate, s.one_man_service_rate, s.two_man_service_rate,
        s.driver_rate, s.total_service_cost, s.total_combined_cost, s.signature_on_file, s.is_under_warranty, s.is_archived,
        case when s.submitted_at is null then null else (w.request_day + 1)::timestamptz + interval '15 hours' end,
        w.request_day::timestamptz + interval '14 hours',
        -- Last changed: a closed one a few weeks after its work ended (paid, closed), an open one in its first days.
        least(now(), case when s.status in (${closed})
          then (coalesce(w.request_day + (s.end_date - s.request_date), w.request_day) + 3 + (w.n % 28))::timestamptz + interval '16 hours'
          else (w.request_day + least(w.d - 1, w.n % 5))::timestamptz + interval '17 hours' end)
      from scale_wo w join service_requests s on s.id = w.src_id`);
    await client.query(`insert into service_items (service_request_id, sequence, problem_description, determined_cause, action_taken,
        declined_reason, service_request_code, parts_cost, labor_hours, hourly_labor_rate, is_two_man, created_at)
      select w.id, i.sequence, i.problem_description, i.determined_cause, i.action_taken, i.declined_reason, i.service_request_code,
        i.parts_cost, i.labor_hours, i.hourly_labor_rate, i.is_two_man, w.request_day::timestamptz + interval '14 hours'
      from scale_wo w join service_items i on i.service_request_id = w.src_id`);
    await client.query(`insert into service_parts (service_request_id, category_number, commodity_number, part_number, part_description,
        notes, billing_code, unit_of_measure, quantity, received_date, is_correct, incorrect_part_message, created_at)
      select w.id, p.category_number, p.commodity_number, p.part_number, p.part_description, p.notes, p.billing_code,
        p.unit_of_measure, p.quantity, case when p.received_date is null then null else least(current_date, w.request_day + 7) end,
        p.is_correct, p.incorrect_part_message, w.request_day::timestamptz + interval '14 hours'
      from scale_wo w join service_parts p on p.service_request_id = w.src_id`);
    await client.query('commit');
    if (performance.now() - lastPrinted > 30_000) {
      lastPrinted = performance.now();
      log(`  work orders: ${(done + size).toLocaleString('en-US')} of ${missing.toLocaleString('en-US')} added…`);
    }
  }
  await client.query('drop table scale_open_src; drop table scale_closed_src; drop table scale_homes');
  log(
    `  work orders: ${missing.toLocaleString('en-US')} added (with their service items and parts lines) in ${((performance.now() - began) / 1000).toFixed(1)} s`,
  );
}

/** regional@: plant@'s roles and retail centers, every plant, the same password. Kept as it is when it exists. */
async function ensureRegionalUser(client: pg.Client) {
  await client.query('begin');
  const made = await client.query(
    `insert into users (user_name, first_name, last_name, password_hash, password_last_changed, is_internal, is_plant_user,
        employee_id, terms_acceptance_date, current_retailer_number)
      select $1, 'Rena', 'Gallagher', password_hash, password_last_changed, is_internal, true, 'P30112', terms_acceptance_date,
        current_retailer_number
      from users where user_name = $2
      on conflict ((lower(user_name))) do nothing returning id`,
    [REGIONAL_USER_NAME, PLANT_USER_NAME],
  );
  const id = (made.rows[0] as { id: number } | undefined)?.id;
  if (id !== undefined) {
    await client.query(
      'insert into user_roles (user_id, role_id) select $1, role_id from user_roles where user_id = (select id from users where user_name = $2)',
      [id, PLANT_USER_NAME],
    );
    await client.query(
      'insert into user_retailers (user_id, retailer_number) select $1, retailer_number from user_retailers where user_id = (select id from users where user_name = $2)',
      [id, PLANT_USER_NAME],
    );
    await client.query('insert into user_plants (user_id, plant_number) select $1, plant_number from plants', [id]);
  }
  await client.query('commit');
}

const MIGRATIONS = 'src/server/db/migrations';

/**
 * Migrations this database took in another version than the repository's (drizzle keeps the hash of what it ran and
 * never runs a migration twice): a database kept between runs while a migration was still being written. Its figures
 * are of that other schema; rebuild the database (an empty one is seeded and grown again).
 */
async function migrationsApartFromFiles(client: pg.Client): Promise<string[]> {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  const applied = new Map(
    (await client.query<{ hash: string; created_at: string }>('select hash, created_at from drizzle.__drizzle_migrations')).rows.map(
      (row) => [Number(row.created_at), row.hash],
    ),
  );
  return journal.entries
    .filter((entry) => {
      const hash = applied.get(entry.when);
      return (
        hash !== undefined &&
        hash !==
          createHash('sha256')
            .update(readFileSync(join(MIGRATIONS, `${entry.tag}.sql`), 'utf8'))
            .digest('hex')
      );
    })
    .map((entry) => entry.tag);
}

/**
 * Grows the database at `databaseUrl` (migrated and seeded by the server with the benchmark seed) to SCALE_TARGET, unless it
 * already holds that many work orders, and makes the regional user either way. Nothing is dropped or changed, only added.
 */
export async function growScaleDatabase(databaseUrl: string, log: Log): Promise<GrowReport> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const apart = await migrationsApartFromFiles(client);
    if (apart.length > 0)
      log(
        `(WARNING: this database ran other versions of migrations ${apart.join(', ')} than the repository holds; rebuild it for figures of this code)`,
      );
    const before = await counts(client);
    await ensureRegionalUser(client);
    if (before.workOrders >= SCALE_TARGET.workOrders) {
      log(`already grown: ${before.workOrders.toLocaleString('en-US')} work orders; growing skipped`);
      return { grown: false, seconds: 0, counts: before };
    }
    const began = performance.now();
    await client.query("set work_mem = '256MB'; set maintenance_work_mem = '1GB'; set synchronous_commit = off");
    log(`growing from ${before.workOrders.toLocaleString('en-US')} work orders and ${before.homes.toLocaleString('en-US')} homes:`);
    await growHomes(client, log);
    await growWorkOrders(client, log);
    const vacuumed = performance.now();
    // A settled database, as ten years of service leave it: visibility maps set and statistics current.
    await client.query('vacuum (analyze) homes, warranty_cards, service_requests, service_items, service_parts');
    await client.query('analyze');
    log(`  vacuum and analyze: ${((performance.now() - vacuumed) / 1000).toFixed(1)} s`);
    return { grown: true, seconds: (performance.now() - began) / 1000, counts: await counts(client) };
  } finally {
    await client.end();
  }
}
