// Issue 30 §3 benchmark: `homesite export` from an embedded database kept in files (PGlite in a temp directory, as the
// server keeps DATA_DIR) to a CSV file: 200,000 work orders with 3 service items each, beside the goal "within 60 s,
// with flat memory", then 200,000 homes with warranty cards. Peak RSS and JS heap growth over the export are reported,
// with RSS and heap at each quarter of the rows, to show whether memory stays flat. Figures, not pass/fail.
// Alone: `node --expose-gc --import tsx tests/bench/export.ts` (BENCH_EXPORT_ROWS for another count).
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../src/server/db/client';
import { filesFolderOf } from '../../src/server/cli/commands/export';
import { runExport } from '../../src/server/export/run-export';

const GOAL_ROWS = 200_000;
const GOAL_SECONDS = 60;
const RETAILERS = 40;

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;

/**
 * Homes with a homeowner and a warranty card each (38 columns a row, two tables joined), written straight in SQL: the
 * benchmark measures the export, not the import that would otherwise fill the database.
 */
async function fillHomes(db: Database, count: number) {
  await db.execute(sql`INSERT INTO plants (plant_number, name, print_name, serial_prefix, marketing_url_retail, marketing_url_independent,
      city, state, phone, email)
    VALUES ('910', 'Clinton West', 'Clinton West', 'CLW', '', '', 'Clinton', 'TN', '(865) 555-0110', '')`);
  await db.execute(sql`INSERT INTO retailers (retailer_number, name, retailer_type, city, state)
    SELECT (5000 + n)::text, 'Retailer ' || n, 'I', 'Knoxville', 'TN' FROM generate_series(0, ${RETAILERS - 1}) AS n`);
  await db.execute(sql`INSERT INTO homes (serial_number, plant_number, retailer_number, model_number, model_name, sections, square_footage,
      bedrooms, bathrooms, manufactured_date, sold_date, address1, city, state, zip_code)
    SELECT 'CLW' || lpad(n::text, 7, '0') || 'TNAB', '910', (5000 + n % ${RETAILERS})::text, '28ANN60A3', 'The Anniversary 60', 2, 1600, 3, 2,
      DATE '2024-01-01' + (n % 700), DATE '2024-03-01' + (n % 700), (100 + n % 9000) || ' Oak Ridge Road', 'Knoxville', 'TN', '37919'
    FROM generate_series(1, ${count}) AS n`);
  await db.execute(sql`INSERT INTO warranty_cards (home_id, status_code, first_name, last_name, email_address, address1, city, state,
      zip_code, area_code, phone_number, sold_date, nps_date, home_address1, home_city, home_state, home_zip_code, home_address,
      thermal_zone, wind_zone, roof_load, order_number, purchase_order_number)
    SELECT h.id, CASE WHEN h.id % 10 = 0 THEN 'H' ELSE 'A' END, 'Mary', 'Smith ' || h.id, 'mary.smith.' || h.id || '@mail.example',
      h.address1, h.city, h.state, h.zip_code, '865', '555' || lpad((h.id % 10000)::text, 4, '0'), h.sold_date, h.sold_date + 60,
      h.address1, h.city, h.state, h.zip_code, h.address1 || ', ' || h.city || ', ' || h.state || ' ' || h.zip_code,
      '2', 'I', '20 PSF', '910-' || (100000 + h.id), 'PO' || (10000 + h.id % 90000)
    FROM homes AS h`);
}

/**
 * Work orders of the source system (vantage ids, as the import writes them) on 20,000 homes, each with 3 service items
 * and the rates and totals of a priced work order; no attachments (their files would measure the disk).
 */
export async function fillWorkOrders(db: Database, count: number) {
  await fillHomes(db, 20_000);
  await db.execute(sql`INSERT INTO service_requests (vantage_work_order_id, vantage_work_order_number, service_request_number, home_id,
      plant_number, retailer_number, serial_number, vantage_case_origin, case_subject, case_description, request_type, status,
      request_date, performed_date, start_date, end_date, technician, trip_time, mileage, mileage_rate, one_man_service_rate,
      two_man_service_rate, driver_rate, total_service_cost, total_combined_cost, signature_on_file, is_under_warranty, submitted_at)
    SELECT n, 'WO-' || lpad(n::text, 7, '0'), 'SR-' || n, h.id, h.plant_number, h.retailer_number, h.serial_number, 'Homeowner Portal',
      'Leak under kitchen sink', 'Homeowner reports water under the kitchen sink after running the dishwasher.', 'V',
      CASE WHEN n % 3 = 0 THEN 'O' ELSE 'P' END, DATE '2024-01-01' + (n % 700), DATE '2024-01-05' + (n % 700),
      DATE '2024-01-05' + (n % 700), DATE '2024-01-06' + (n % 700), 'Luis Ortega', 1.5, 42, 0.65, 55, 95, 40, 123.75, 151.05, true, true, now()
    FROM generate_series(1, ${count}) AS n JOIN homes AS h ON h.id = 1 + (n % 20000)`);
  await db.execute(sql`INSERT INTO service_items (service_request_id, sequence, problem_description, determined_cause, action_taken,
      parts_cost, labor_hours, hourly_labor_rate, is_two_man)
    SELECT r.id, item, 'Water under kitchen sink ' || item, 'Loose drain slip nut', 'Tightened slip nut, replaced washer', 4.25, 0.75, 55, false
    FROM service_requests AS r CROSS JOIN generate_series(1, 3) AS item`);
}

/** Exports `kind` to a CSV file, sampling memory every 50 ms: time, rows, size, peak RSS and heap growth, RSS by quarter. */
async function measureExport(db: Database, kind: string, dir: string, expectedRows: number) {
  const file = join(dir, `${kind}.csv`);
  global.gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  let firstPageRss: number | undefined;
  let peakAfterFirstPage = 0;
  const sample = () => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
    if (firstPageRss !== undefined) peakAfterFirstPage = Math.max(peakAfterFirstPage, now.rss);
  };
  const sampler = setInterval(sample, 50);
  const quarters: string[] = [];
  let nextQuarter = 1;
  const output = createWriteStream(file);
  const started = performance.now();
  const report = await runExport(db, kind, output, {
    format: 'csv',
    files: filesFolderOf(file),
    onProgress: (rows) => {
      sample();
      // The baseline is RSS once the first page is written: PGlite's WASM memory and the statement's first use are
      // paid by then, and what grows after it would grow with the row count.
      firstPageRss ??= process.memoryUsage().rss;
      while (nextQuarter <= 4 && rows >= (expectedRows * nextQuarter) / 4) {
        const elapsed = ((performance.now() - started) / 1000).toFixed(1);
        const now = process.memoryUsage();
        quarters.push(`${nextQuarter * 25}% at ${elapsed} s: RSS ${mb(now.rss)}, heap ${mb(now.heapUsed)}`);
        nextQuarter += 1;
      }
    },
  });
  output.end();
  await once(output, 'close');
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  sample();
  return {
    report,
    seconds,
    size: statSync(file).size,
    rssGrowth: peakRss - before.rss,
    rssGrowthAfterFirstPage: peakAfterFirstPage - (firstPageRss ?? before.rss),
    rssBefore: before.rss,
    heapGrowth: peakHeap - before.heapUsed,
    quarters,
  };
}

const FILLS = {
  'work-orders': { fill: fillWorkOrders, what: 'work orders with 3 service items each' },
  homes: { fill: fillHomes, what: 'homes with warranty cards' },
} as const;

export async function benchExport(rows = GOAL_ROWS) {
  for (const [kind, { fill, what }] of Object.entries(FILLS)) {
    const dir = mkdtempSync(join(tmpdir(), 'homesite-bench-export-'));
    try {
      const filling = await openDatabase({ dataDir: dir });
      try {
        await filling.migrate();
        const started = performance.now();
        await fill(filling.db, rows);
        console.log(`${rows} ${what} written in SQL in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      } finally {
        await filling.close();
      }
      // Opened again, as `homesite export` opens DATA_DIR: the fill's memory is not the export's.
      const database = await openDatabase({ dataDir: dir });
      try {
        const result = await measureExport(database.db, kind, dir, rows);
        const goal =
          kind !== 'work-orders'
            ? ''
            : ` — goal: ${GOAL_ROWS} within ${GOAL_SECONDS} s: ${rows === GOAL_ROWS ? (result.seconds <= GOAL_SECONDS ? 'met' : 'NOT met') : `(ran ${rows})`}`;
        console.log(
          `${kind} export: ${result.report.rows} rows, ${(result.size / 1e6).toFixed(1)} MB of CSV in ${result.seconds.toFixed(1)} s ` +
            `(${Math.round(result.report.rows / result.seconds)} rows/s)${goal}`,
        );
        console.log(
          `  memory: RSS ${mb(result.rssBefore)} before; peak RSS +${mb(result.rssGrowth)} over the export, +${mb(result.rssGrowthAfterFirstPage)} after its first page; ` +
            `peak JS heap +${mb(result.heapGrowth)}; by rows written: ${result.quarters.join(', ')}`,
        );
      } finally {
        await database.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log('# Export (PGlite in files)');
  await benchExport(Number(process.env.BENCH_EXPORT_ROWS ?? GOAL_ROWS));
}
