// Issue 30 §2 benchmark: 200,000 work orders with 3 service items each, from one JSON Lines file, into an embedded
// database kept in files (PGlite in a temp directory, as the server keeps DATA_DIR) that holds 20,000 homes, beside the
// goal "200,000 work orders with 3 items each within 120 s". Then the same file again (every row unchanged).
// Figures, not pass/fail. Alone: `npx tsx tests/bench/import-work-orders.ts` (BENCH_IMPORT_WORK_ORDERS for another count).
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { openDatabase } from '../../src/server/db/client';
import { runImport, type ImportReport } from '../../src/server/import/run-import';

const GOAL_WORK_ORDERS = 200_000;
const GOAL_SECONDS = 120;
const HOMES = 20_000;
const RETAILER_COUNT = 40;
const STATUSES = ['P', 'P', 'P', 'Q', 'G', 'O', 'W', 'X'] as const;
const PROBLEMS = [
  ['Water under kitchen sink', 'Loose drain slip nut', 'Tightened slip nut, replaced washer'],
  ['Front door does not latch', 'Strike plate misaligned after settling', 'Realigned strike, adjusted hinges'],
  ['Cracked window sash', 'Damaged in transit', 'Replaced lower sash'],
  ['GFCI trips in kitchen', 'Faulty receptacle', 'Replaced receptacle and tested'],
  ['Toilet rocks on flange', 'Wax ring failed', 'Reset toilet with new wax ring'],
] as const;

const serialOf = (index: number) => `CLW${String(index).padStart(6, '0')}TNAB`;

async function writeLines(path: string, count: number, lineOf: (index: number) => string, header?: string) {
  const out = createWriteStream(path);
  const write = async (line: string) => {
    if (!out.write(`${line}\n`)) await once(out, 'drain');
  };
  if (header) await write(header);
  for (let index = 0; index < count; index++) await write(lineOf(index));
  out.end();
  await once(out, 'finish');
}

const day = (index: number, offset = 0) =>
  new Date(Date.UTC(2023, 0, 1) + ((index * 3 + offset) % 1400) * 86_400_000).toISOString().slice(0, 10);

/** A work order of the source system: the example file's shape, 3 service items. */
function workOrderLine(index: number) {
  const items = [0, 1, 2].map((n) => {
    const [problemDescription, determinedCause, actionTaken] = PROBLEMS[(index + n) % PROBLEMS.length]!;
    return {
      problemDescription,
      determinedCause,
      actionTaken,
      partsCost: ((index + n) % 40) + 0.5,
      laborHours: 0.25 * (1 + ((index + n) % 8)),
      isTwoMan: n === 2,
    };
  });
  return JSON.stringify({
    workOrderId: 100_000 + index,
    workOrderNumber: `WO-${String(100_000 + index).padStart(7, '0')}`,
    serialNumber: serialOf(index % HOMES),
    caseSubject: items[0]!.problemDescription,
    requestType: 'V',
    status: STATUSES[index % STATUSES.length],
    requestDate: day(index),
    performedDate: day(index, 5),
    startDate: day(index, 5),
    technician: `Technician ${index % 50}`,
    tripTime: 1.5,
    mileage: 10 + (index % 60),
    mileageRate: 0.65,
    oneManServiceRate: 55,
    twoManServiceRate: 95,
    driverRate: 40,
    isUnderWarranty: index % 3 !== 0,
    serviceItems: items,
  });
}

const line = (report: ImportReport, seconds: number) =>
  `${report.rowsRead} rows in ${seconds.toFixed(1)} s (${Math.round(report.rowsRead / seconds)} rows/s): ${report.inserted} inserted, ${report.updated} updated, ${report.unchanged} unchanged, ${report.refusedCount} refused`;

async function* textOf(text: string) {
  yield text;
}

export async function benchImportWorkOrders(workOrders = GOAL_WORK_ORDERS) {
  const dir = mkdtempSync(join(tmpdir(), 'homesite-bench-import-wo-'));
  try {
    const homesFile = join(dir, 'homes.csv');
    const file = join(dir, 'work-orders.jsonl');
    let started = performance.now();
    await writeLines(
      homesFile,
      HOMES,
      (index) => `${serialOf(index)},910,${5000 + (index % RETAILER_COUNT)},28ANN60A3,The Anniversary 60,2,1600,3,2,${day(index)}`,
      'serialNumber,plantNumber,retailerNumber,modelNumber,modelName,sections,squareFootage,bedrooms,bathrooms,manufacturedDate',
    );
    await writeLines(file, workOrders, workOrderLine);
    console.log(
      `${workOrders} work orders (3 items each) written to JSON Lines of ${(statSync(file).size / 1e6).toFixed(1)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const database = await openDatabase({ dataDir: dir });
    try {
      await database.migrate();
      await runImport(
        database.db,
        'plants',
        textOf('plantNumber,name,serialPrefix,city,state,zipCode\n910,Clinton West,CLW,Clinton,TN,37716'),
        {
          format: 'csv',
        },
      );
      const retailers = [
        'retailerNumber,name,retailerType,city,state,zipCode,plants',
        ...Array.from({ length: RETAILER_COUNT }, (_, n) => `${5000 + n},Retailer ${n},I,Knoxville,TN,37919,910`),
      ].join('\n');
      await runImport(database.db, 'retailers', textOf(retailers), { format: 'csv' });
      await runImport(database.db, 'homes', createReadStream(homesFile), { format: 'csv' });

      for (const label of ['into the empty work order tables', 'again, the same file (every row unchanged)'] as const) {
        started = performance.now();
        const report = await runImport(database.db, 'work-orders', createReadStream(file), { format: 'jsonl' });
        const seconds = (performance.now() - started) / 1000;
        const goal =
          label === 'into the empty work order tables'
            ? ` — goal: ${GOAL_WORK_ORDERS} work orders with 3 items each within ${GOAL_SECONDS} s: ${workOrders === GOAL_WORK_ORDERS ? (seconds <= GOAL_SECONDS ? 'met' : 'NOT met') : `(ran ${workOrders})`}`
            : '';
        console.log(`work orders ${label}: ${line(report, seconds)}${goal}`);
      }
    } finally {
      await database.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log('# Import of work orders (PGlite in files)');
  await benchImportWorkOrders(Number(process.env.BENCH_IMPORT_WORK_ORDERS ?? GOAL_WORK_ORDERS));
}
