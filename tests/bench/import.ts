// Issue 20 §3 benchmark: 100,000 homes with their homeowners and warranty cards, from one CSV file, into an empty
// embedded database kept in files (PGlite in a temp directory, as the server keeps DATA_DIR), beside the goal
// "100,000 homes within 60 s on 2 cores". Then the same file again (every row unchanged) and a dry run.
// Figures, not pass/fail. Alone: `npx tsx tests/bench/import.ts` (BENCH_IMPORT_HOMES for another count).
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { HOME_IMPORT_COLUMNS } from '../../src/contract/import';
import { openDatabase } from '../../src/server/db/client';
import { runImport, type ImportReport } from '../../src/server/import/run-import';

const GOAL_HOMES = 100_000;
const GOAL_SECONDS = 60;

const PLANTS = [
  ['910', 'Clinton West', 'CLW', 'Clinton', 'TN', '37716'],
  ['931', 'Richfield', 'RCH', 'Richfield', 'NC', '28137'],
] as const;
const RETAILER_COUNT = 40;
const FIRST_NAMES = [
  'James',
  'Mary',
  'Robert',
  'Patricia',
  'John',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Elizabeth',
  'Tyler',
  'Brittany',
];
const LAST_NAMES = ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Wilson', 'Anderson', 'Taylor', 'Moore'];
const STREETS = ['Oak Ridge Road', 'Cedar Lane', 'Pine Hill Drive', 'Maple Street', 'Dogwood Trail', 'Hickory Way'];
const MODELS = [
  ['16TRU76A3', 'The Breeze', 1, 1088, 3, 2],
  ['28ANN60A3', 'The Anniversary 60', 2, 1600, 3, 2],
  ['32DRM68C4', 'The Dream Home', 2, 1976, 4, 3],
  ['42TRP68A4', 'The Triple Crown', 3, 2584, 4, 3],
] as const;

const csvCell = (value: string | number) => {
  const text = String(value);
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** Writes `count` homes as the example file's columns: 85 % sold with an owner and a card, the rest retailer stock. */
async function writeHomes(path: string, count: number) {
  const out = createWriteStream(path);
  const columns = HOME_IMPORT_COLUMNS.columns;
  const write = async (line: string) => {
    if (!out.write(`${line}\n`)) await once(out, 'drain');
  };
  await write(columns.join(','));
  for (let index = 0; index < count; index++) {
    const [plantNumber, , prefix, , plantState] = PLANTS[index % PLANTS.length]!;
    const [modelNumber, modelName, sections, squareFootage, bedrooms, bathrooms] = MODELS[index % MODELS.length]!;
    const retailerNumber = String(5000 + (index % RETAILER_COUNT));
    const day = (offset: number) => new Date(Date.UTC(2024, 0, 1) + ((index * 7 + offset) % 900) * 86_400_000).toISOString().slice(0, 10);
    const row: Record<string, string | number> = {
      serialNumber: `${prefix}${String(index).padStart(6, '0')}${plantState}${'ABC'.slice(0, sections)}`,
      plantNumber,
      retailerNumber,
      modelNumber,
      modelName,
      sections,
      squareFootage,
      bedrooms,
      bathrooms,
      manufacturedDate: day(0),
    };
    if (index % 20 < 17) {
      const first = FIRST_NAMES[index % FIRST_NAMES.length]!;
      const last = LAST_NAMES[(index >> 3) % LAST_NAMES.length]!;
      Object.assign(row, {
        soldDate: day(30),
        address1: `${100 + (index % 9000)} ${STREETS[index % STREETS.length]}`,
        city: 'Knoxville',
        state: 'TN',
        zipCode: '37919',
        warrantyStatus: index % 10 === 0 ? 'H' : 'A',
        ownerFirstName: first,
        ownerLastName: last,
        ownerEmail: `${first}.${last}.${index}@mail.example`.toLowerCase(),
        ownerPhone: `(865) 555-${String(index % 10_000).padStart(4, '0')}`,
        npsDate: day(75),
        thermalZone: '2',
        windZone: 'I',
        roofLoad: '20 PSF',
        orderNumber: `${plantNumber}-${100_000 + index}`,
        purchaseOrderNumber: `PO${10_000 + (index % 90_000)}`,
      });
    }
    await write(columns.map((column) => (row[column] === undefined ? '' : csvCell(row[column]))).join(','));
  }
  out.end();
  await once(out, 'finish');
}

async function* textOf(text: string) {
  yield text;
}

const line = (report: ImportReport, seconds: number) =>
  `${report.rowsRead} rows in ${seconds.toFixed(1)} s (${Math.round(report.rowsRead / seconds)} rows/s): ${report.inserted} inserted, ${report.updated} updated, ${report.unchanged} unchanged, ${report.refusedCount} refused`;

export async function benchImport(homes = GOAL_HOMES) {
  const dir = mkdtempSync(join(tmpdir(), 'homesite-bench-import-'));
  try {
    const file = join(dir, 'homes.csv');
    let started = performance.now();
    await writeHomes(file, homes);
    console.log(
      `${homes} homes written to a CSV of ${(statSync(file).size / 1e6).toFixed(1)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const database = await openDatabase({ dataDir: dir });
    try {
      await database.migrate();
      const plants = [
        'plantNumber,name,serialPrefix,city,state,zipCode',
        ...PLANTS.map(([number, name, prefix, city, state, zipCode]) => `${number},${name},${prefix},${city},${state},${zipCode}`),
      ].join('\n');
      await runImport(database.db, 'plants', textOf(plants), { format: 'csv' });
      const retailers = [
        'retailerNumber,name,retailerType,city,state,zipCode,plants',
        ...Array.from({ length: RETAILER_COUNT }, (_, n) => `${5000 + n},Retailer ${n},I,Knoxville,TN,37919,910;931`),
      ].join('\n');
      await runImport(database.db, 'retailers', textOf(retailers), { format: 'csv' });

      for (const [label, options] of [
        ['into the empty database', {}],
        ['again, the same file (every row unchanged)', {}],
        ['dry run of the same file', { dryRun: true }],
      ] as const) {
        started = performance.now();
        const report = await runImport(database.db, 'homes', createReadStream(file), { format: 'csv', ...options });
        const seconds = (performance.now() - started) / 1000;
        const goal =
          label === 'into the empty database'
            ? ` — goal: ${GOAL_HOMES} homes within ${GOAL_SECONDS} s on 2 cores: ${homes === GOAL_HOMES ? (seconds <= GOAL_SECONDS ? 'met' : 'NOT met') : `(ran ${homes})`}`
            : '';
        console.log(`homes ${label}: ${line(report, seconds)}${goal}`);
      }
    } finally {
      await database.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log('# Import of homes (PGlite in files)');
  await benchImport(Number(process.env.BENCH_IMPORT_HOMES ?? GOAL_HOMES));
}
