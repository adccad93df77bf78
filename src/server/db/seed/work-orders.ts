import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { asc, sql } from 'drizzle-orm';
import {
  HOMEOWNER_PORTAL_ORIGIN,
  PERFORMED_DATE_MAX_AGE_DAYS,
  REQUEST_FOR_PAYMENT,
  WORK_ORDER_STATUSES,
  isRequestTypeForced,
  laborRateFor,
  roundToQuarterHour,
  workOrderCosts,
} from '../../../contract';
import type { Database } from '../client';
import { insertRows } from './bulk';
import * as t from '../schema';
import { ADMIN_RETAIL_CENTERS, BENCHMARK_RETAILER, COMPANY_OWNED_RETAILER, SECOND_INDEPENDENT_RETAILER } from './demo-users';
import { utcIsoDay } from '../../../lib/dates';
import { addDays, daysBefore } from './days';
import type { Random } from './random';
import { WORK_ORDER_ID_OFFSET, serviceRequestNumberOf, workOrderNumber } from '../../work-orders/rules';
import { PLANTS } from './shell';

/** Requests spread over all homes at scale 1; the demo retailers get one per status on top. */
const REQUESTS_PER_SCALE = 170;
/** A benchmark seed (scale above 1) gives the service demo user's retail center at least this many work orders (issues 4, 10). */
export const BENCHMARK_MIN_WORK_ORDERS = 50_000;
const BATCH_ROWS = 1_000;

const DEMO_RETAILERS: readonly string[] = [...ADMIN_RETAIL_CENTERS, SECOND_INDEPENDENT_RETAILER, COMPANY_OWNED_RETAILER];
const STATUSES = ['Unsubmitted', ...Object.keys(WORK_ORDER_STATUSES)];
const FACTORY_STATUSES = ['F', 'G', 'Z'];
/**
 * Requests still being worked, which someone may edit (server/work-orders/rules.ts canEdit): staged ones, and work
 * orders not yet with the plant for payment nor closed.
 */
const OPEN_STATUSES = ['Unsubmitted', 'O', 'S', 'I', 'D', 'F', 'W'];
/** Open work is recent: its performed date stays well inside the Information form's 60 days (spec 3 §5). */
const OPEN_REQUEST_MAX_DAYS = PERFORMED_DATE_MAX_AGE_DAYS - 15;

export const UNITS_OF_MEASURE: readonly { abbreviation: string; description: string }[] = [
  { abbreviation: 'BG', description: 'Bag' },
  { abbreviation: 'BX', description: 'Box' },
  { abbreviation: 'CS', description: 'Case' },
  { abbreviation: 'EA', description: 'Each' },
  { abbreviation: 'FT', description: 'Foot' },
  { abbreviation: 'GAL', description: 'Gallon' },
  { abbreviation: 'KT', description: 'Kit' },
  { abbreviation: 'LF', description: 'Linear Foot' },
  { abbreviation: 'PC', description: 'Piece' },
  { abbreviation: 'PR', description: 'Pair' },
  { abbreviation: 'RL', description: 'Roll' },
  { abbreviation: 'SET', description: 'Set' },
  { abbreviation: 'SF', description: 'Square Foot' },
  { abbreviation: 'SH', description: 'Sheet' },
  { abbreviation: 'TB', description: 'Tube' },
];

const PROBLEMS: readonly (readonly [string, string, string, number])[] = [
  ['Front door will not latch', 'Strike plate out of alignment after setup', 'Realigned strike plate and adjusted hinges', 0],
  ['Water under kitchen sink', 'Loose compression fitting on supply line', 'Tightened fitting and replaced washer', 6.5],
  ['Drywall crack over hallway', 'Settling at marriage line', 'Taped, mudded and painted seam', 18],
  ['Bedroom window fogged between panes', 'Failed insulated glass seal', 'Replaced insulated glass unit', 142.75],
  ['No hot water', 'Water heater element burned out', 'Replaced lower heating element', 38.4],
  ['Soft spot in bathroom floor', 'Decking swollen from toilet seal leak', 'Replaced decking section and wax ring', 64.2],
  ['Roof leak at ridge', 'Ridge cap not sealed at marriage line', 'Resealed ridge cap and replaced shingles', 92],
  ['Cabinet door sagging', 'Hinge screws stripped', 'Installed new hinges', 12.5],
  ['Ductwork noise when HVAC runs', 'Crossover duct loose under home', 'Re-strapped crossover duct', 0],
  ['Exterior siding loose', 'Missing fasteners at panel seam', 'Fastened and caulked siding panels', 9.9],
  ['GFCI outlet trips repeatedly', 'Faulty GFCI receptacle', 'Replaced GFCI receptacle', 21],
  ['Interior door rubs frame', 'Home out of level', 'Releveled piers and planed door', 0],
];
const PARTS: readonly (readonly [string, string, string, string, string])[] = [
  ['10', '120', '44871', 'Strike plate, brushed nickel', 'EA'],
  ['20', '310', '10452', 'Supply line 3/8 x 1/2 x 20"', 'EA'],
  ['30', '415', '77120', 'Insulated glass unit 30 x 46', 'EA'],
  ['40', '220', '30518', 'Water heater element 4500W', 'EA'],
  ['50', '118', '60022', 'Decking 3/4" OSB 4 x 8', 'SH'],
  ['60', '505', '91007', 'Ridge cap shingles', 'BX'],
  ['70', '140', '22811', 'Cabinet hinge, 1/2" overlay', 'PR'],
  ['80', '610', '55019', 'Foil duct tape', 'RL'],
  ['90', '330', '18840', 'Vinyl siding starter strip', 'LF'],
  ['11', '210', '70303', 'GFCI receptacle 20A white', 'EA'],
];
const BILLING_CODES = ['Warranty', 'Warranty', 'Non-Warranty', 'Shortage', 'Retailer Inventory'] as const;
const TECHNICIANS = [
  'Dale Hutchins',
  'Rosa Delgado',
  'Marcus Webb',
  'Tina Crowder',
  'Leon Pruitt',
  'Amber Sykes',
  'Curtis Bell',
  'Janelle Ortiz',
];
const SUBJECTS = [
  'Post-setup punch list',
  'Homeowner warranty call',
  '30-day walkthrough items',
  'Leak reported by homeowner',
  'Transport damage',
  'One-year warranty items',
];

/* ---- tiny real image and PDF files for the demo attachments ---- */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Uint8Array) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

function pngChunk(type: string, data: Uint8Array) {
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write(type, 4, 'ascii');
  Buffer.from(data).copy(chunk, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)), 8 + data.length);
  return chunk;
}

/** A solid-colour RGB PNG of width × height with a darker diagonal band, so previews differ. */
export function solidPng(width: number, height: number, [r, g, b]: readonly [number, number, number]): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.alloc(height * (1 + width * 3));
  for (let y = 0; y < height; y++) {
    const row = y * (1 + width * 3);
    for (let x = 0; x < width; x++) {
      const band = Math.abs(x - y) < Math.max(2, width / 10) ? 0.6 : 1;
      raw.set([Math.round(r * band), Math.round(g * band), Math.round(b * band)], row + 1 + x * 3);
    }
  }
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      pngChunk('IHDR', header),
      pngChunk('IDAT', deflateSync(raw)),
      pngChunk('IEND', new Uint8Array()),
    ]),
  );
}

/** A one-page PDF receipt with its text, byte offsets computed so readers accept it. */
export function receiptPdf(lines: readonly string[]): Uint8Array {
  const text = lines.map((line, index) => `BT /F1 12 Tf 50 ${750 - index * 18} Td (${line.replace(/[()\\]/g, '')}) Tj ET`).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(body, 'latin1'));
}

const PHOTO_COLOURS: readonly (readonly [number, number, number])[] = [
  [176, 141, 87],
  [92, 124, 150],
  [201, 196, 182],
  [120, 150, 96],
  [160, 82, 60],
  [70, 70, 80],
];

/* ---- the requests ---- */

interface HomeRef {
  id: number;
  serialNumber: string;
  plantNumber: string;
  retailerNumber: string;
}

type RequestInsert = typeof t.serviceRequests.$inferInsert;
type ItemInsert = Omit<typeof t.serviceItems.$inferInsert, 'serviceRequestId'>;
type PartInsert = Omit<typeof t.serviceParts.$inferInsert, 'serviceRequestId'>;
type AttachmentInsert = Omit<typeof t.serviceAttachments.$inferInsert, 'serviceRequestId'>;

interface Planned {
  request: RequestInsert;
  items: ItemInsert[];
  parts: PartInsert[];
  attachments: AttachmentInsert[];
}

const RATES = new Map(
  PLANTS.map((plant, index) => [
    plant.plantNumber,
    {
      mileageRate: 0.65 + (index % 3) * 0.05,
      oneManServiceRate: 55 + index * 2.5,
      twoManServiceRate: 85 + index * 3.5,
      driverRate: 40 + (index % 4) * 2.5,
    },
  ]),
);

const earlier = (a: Date, b: Date) => (a < b ? a : b);

function planRequest(
  random: Random,
  today: Date,
  home: HomeRef,
  status: string,
  portalRetailers: ReadonlySet<string>,
  withFiles: boolean,
  index: number,
): Planned {
  const staged = status === 'Unsubmitted';
  const factory = FACTORY_STATUSES.includes(status);
  const open = OPEN_STATUSES.includes(status);
  const requestType = factory ? 'F' : staged ? random.pick(['', 'A', 'V', 'S', 'A']) : random.pick(['A', 'V', 'V', 'S']);
  // Submitted requests spread over the last two years (their billings feed the paid and receivable reports, spec 2 §2),
  // open ones over the last weeks.
  const requestDaysAgo = staged ? random.int(0, 20) : random.int(5, open ? OPEN_REQUEST_MAX_DAYS : 730);
  const requestDay = daysBefore(today, requestDaysAgo);
  const hasDates = !staged || random.chance(0.5);
  const start = hasDates ? addDays(requestDay, Math.min(random.int(1, 10), requestDaysAgo)) : null;
  const end = start ? addDays(start, random.int(0, 5)) : null;
  const endDay = end && end > today ? today : end;
  const rates = RATES.get(home.plantNumber)!;
  const mileage = random.int(0, 8) * 5;
  const tripTime = roundToQuarterHour(random.int(0, 12) / 4);

  const items: ItemInsert[] = Array.from({ length: random.int(1, 3) }, (_, sequence) => {
    const [problemDescription, determinedCause, actionTaken, partsCost] = random.pick(PROBLEMS);
    const isTwoMan = random.chance(0.25);
    const declined = status === 'N' || random.chance(0.05);
    return {
      sequence: sequence + 1,
      problemDescription,
      determinedCause,
      actionTaken,
      declinedReason: declined ? 'Not covered: damage caused after setup' : '',
      serviceRequestCode: declined ? 'D' : '',
      partsCost: factory ? 0 : partsCost,
      laborHours: factory ? 0 : roundToQuarterHour(random.int(2, 24) / 4),
      hourlyLaborRate: laborRateFor(isTwoMan, rates),
      isTwoMan,
    };
  });
  const parts: PartInsert[] = Array.from({ length: random.int(0, 2) }, () => {
    const [categoryNumber, commodityNumber, partNumber, partDescription, unitOfMeasure] = random.pick(PARTS);
    return {
      categoryNumber,
      commodityNumber,
      partNumber,
      partDescription,
      unitOfMeasure,
      billingCode: random.pick(BILLING_CODES),
      quantity: random.int(1, 4),
    };
  });
  const attachments: AttachmentInsert[] = [];
  if (withFiles) {
    const photo = solidPng(48, 36, PHOTO_COLOURS[index % PHOTO_COLOURS.length]!);
    attachments.push(
      attachmentRow(
        `069SEEDP${String(index).padStart(7, '0')}`,
        1,
        `Photo of ${items[0]!.problemDescription.toLowerCase()}`,
        0,
        'photo.png',
        'image/png',
        photo,
      ),
    );
    if (!staged && index % 2 === 0) {
      const amount = 25 + (index % 7) * 12.5;
      const pdf = receiptPdf(['HomeSite demo receipt', `Serial ${home.serialNumber}`, `Materials: $${amount.toFixed(2)}`]);
      attachments.push(
        attachmentRow(
          `069SEEDR${String(index).padStart(7, '0')}`,
          2,
          'Hardware store receipt',
          amount,
          'receipt.pdf',
          'application/pdf',
          pdf,
        ),
      );
    }
  }
  const otherCosts = random.chance(0.2) ? random.int(1, 12) * 5 : 0;
  const costs = workOrderCosts({
    tripTime,
    mileage,
    otherCosts,
    ...rates,
    items: items.map((item) => ({
      laborHours: item.laborHours ?? 0,
      hourlyLaborRate: item.hourlyLaborRate ?? 0,
      partsCost: item.partsCost ?? 0,
    })),
  });
  const closed = ['G', 'N', 'P', 'X', 'Z'].includes(status);
  const vantageCaseOrigin = portalRetailers.has(home.retailerNumber) && random.chance(0.15) ? HOMEOWNER_PORTAL_ORIGIN : 'HomeSite';
  // spec 3 §4, §5: a work order, or a portal request not Standard, is a Request for Payment, whose Information form needs
  // a performed date. An open one has one, at most yesterday, so that it is not tomorrow where the day is behind UTC's.
  const forPayment =
    requestType === REQUEST_FOR_PAYMENT ||
    isRequestTypeForced({ isStaged: staged, vantageCaseOrigin, requestType, status }, portalRetailers.has(home.retailerNumber));
  const yesterday = daysBefore(today, 1);
  const performedDay = open ? (forPayment ? earlier(endDay ?? requestDay, yesterday) : null) : factory ? null : endDay;
  return {
    request: {
      homeId: home.id,
      plantNumber: home.plantNumber,
      retailerNumber: home.retailerNumber,
      serialNumber: home.serialNumber,
      vantageCaseOrigin,
      caseSubject: random.pick(SUBJECTS),
      caseDescription: items.map((item) => item.problemDescription).join('; '),
      requestType,
      status,
      requestDate: utcIsoDay(requestDay),
      scheduledDate: start ? utcIsoDay(start) : null,
      performedDate: performedDay ? utcIsoDay(performedDay) : null,
      startDate: start ? utcIsoDay(start) : null,
      endDate: endDay ? utcIsoDay(endDay) : null,
      technician: staged && !hasDates ? '' : random.pick(TECHNICIANS),
      tripTime,
      mileage,
      otherCosts,
      ...rates,
      totalServiceCost: costs.totalServiceCost,
      totalCombinedCost: costs.totalCombinedCost,
      signatureOnFile: random.chance(0.7),
      isUnderWarranty: random.chance(0.8),
      isArchived: closed && random.chance(0.3),
      submittedAt: staged ? null : addDays(requestDay, 1),
    },
    items,
    parts,
    attachments,
  };
}

function attachmentRow(
  contentDocumentId: string,
  attachmentType: 1 | 2,
  description: string,
  amount: number,
  fileName: string,
  contentType: string,
  data: Uint8Array,
): AttachmentInsert {
  return {
    contentDocumentId,
    attachmentType,
    description,
    amount,
    fileName,
    contentType,
    sizeBytes: data.byteLength,
    sha256: createHash('sha256').update(data).digest('hex'),
    data,
  };
}

/** Ids taken from the table's sequence up front, so children can point at their request without a round trip per batch. */
async function reserveRequestIds(db: Database, count: number): Promise<number[]> {
  // PGlite and node-postgres both answer { rows }.
  const result = (await db.execute(
    sql`select nextval(pg_get_serial_sequence('service_requests', 'id'))::integer as id from generate_series(1, ${count}::integer)`,
  )) as unknown as { rows: { id: number | string }[] };
  return result.rows.map((row) => Number(row.id));
}

async function insertPlanned(db: Database, planned: readonly Planned[]) {
  const counts = { items: 0, parts: 0, attachments: 0 };
  const ids = await reserveRequestIds(db, planned.length);
  for (let start = 0; start < planned.length; start += BATCH_ROWS) {
    const batch = planned.slice(start, start + BATCH_ROWS);
    const idOf = (index: number) => ids[start + index]!;
    await insertRows(
      db,
      t.serviceRequests,
      batch.map((plan, index) => {
        const id = idOf(index);
        const submitted = plan.request.status !== 'Unsubmitted';
        return {
          ...plan.request,
          id,
          serviceRequestNumber: serviceRequestNumberOf(id),
          vantageWorkOrderId: submitted ? WORK_ORDER_ID_OFFSET + id : null,
          vantageWorkOrderNumber: submitted ? workOrderNumber(id) : null,
        };
      }),
    );
    const items = batch.flatMap((plan, index) => plan.items.map((item) => ({ ...item, serviceRequestId: idOf(index) })));
    const parts = batch.flatMap((plan, index) => plan.parts.map((part) => ({ ...part, serviceRequestId: idOf(index) })));
    const attachments = batch.flatMap((plan, index) => plan.attachments.map((file) => ({ ...file, serviceRequestId: idOf(index) })));
    await insertRows(db, t.serviceItems, items);
    await insertRows(db, t.serviceParts, parts);
    if (attachments.length > 0) await insertRows(db, t.serviceAttachments, attachments);
    counts.items += items.length;
    counts.parts += parts.length;
    counts.attachments += attachments.length;
  }
  return counts;
}

/**
 * Plant rates, units of measure and service requests: every demo retailer gets one request in every
 * status (a few with a photo and a receipt), the rest spread over all homes. A scale above 1 is a
 * benchmark seed with at least BENCHMARK_MIN_WORK_ORDERS requests.
 */
export async function seedWorkOrders(db: Database, random: Random, today: Date, scale: number) {
  await insertRows(
    db,
    t.plantServiceRates,
    PLANTS.map((plant) => ({ plantNumber: plant.plantNumber, ...RATES.get(plant.plantNumber)! })),
  );
  // Migration 0016 puts them in every database; a seed of an older one makes sure.
  await db
    .insert(t.unitsOfMeasure)
    .values([...UNITS_OF_MEASURE])
    .onConflictDoNothing();

  const homes: HomeRef[] = await db
    .select({
      id: t.homes.id,
      serialNumber: t.homes.serialNumber,
      plantNumber: t.homes.plantNumber,
      retailerNumber: t.homes.retailerNumber,
    })
    .from(t.homes)
    .orderBy(asc(t.homes.id));
  const portalRetailers = new Set(
    (await db.select({ retailerNumber: t.retailers.retailerNumber, deployPortal: t.retailers.deployPortal }).from(t.retailers))
      .filter((retailer) => retailer.deployPortal)
      .map((retailer) => retailer.retailerNumber),
  );

  const planned: Planned[] = [];
  for (const retailerNumber of DEMO_RETAILERS) {
    const own = homes.filter((home) => home.retailerNumber === retailerNumber);
    if (own.length === 0) continue;
    STATUSES.forEach((status, index) => {
      planned.push(planRequest(random, today, own[index % own.length]!, status, portalRetailers, index < 4, planned.length));
    });
  }
  // A benchmark seed puts its volume in the service demo user's retail center (issue 10: one user's 50,000 work orders).
  const spread =
    scale > 1 ? Math.max(BENCHMARK_MIN_WORK_ORDERS, Math.round(REQUESTS_PER_SCALE * scale)) : Math.round(REQUESTS_PER_SCALE * scale);
  const spreadHomes = scale > 1 ? homes.filter((home) => home.retailerNumber === BENCHMARK_RETAILER) : homes;
  for (let index = 0; index < spread; index++) {
    const status = random.weighted(
      STATUSES.map((code) => [code, code === 'O' || code === 'P' ? 4 : code === 'Unsubmitted' ? 3 : 1] as const),
    );
    planned.push(planRequest(random, today, random.pick(spreadHomes), status, portalRetailers, false, planned.length));
  }

  const counts = await insertPlanned(db, planned);
  return {
    serviceRequests: planned.length,
    serviceItems: counts.items,
    serviceParts: counts.parts,
    serviceAttachments: counts.attachments,
  };
}
