import { asc, isNotNull } from 'drizzle-orm';
import { BILLING_CODE_LABELS, type BillingCode } from '../../../contract';
import type { Database } from '../client';
import { insertRows } from './bulk';
import * as t from '../schema';
import { ADMIN_RETAIL_CENTERS, COMPANY_OWNED_RETAILER, PLANT_USER_FACILITIES, SECOND_INDEPENDENT_RETAILER } from './demo-users';
import { utcIsoDay } from '../../../lib/dates';
import { addDays, daysBefore, daysFrom, startOfUtcMonth } from './days';
import type { Random } from './random';

/*
 * Billings of submitted service requests, for the paid and receivable service order reports (spec 2 §2, §4, §7):
 * one per submitted request that was not canceled (those spread over the last two years, seed/work-orders.ts;
 * a declined one is billed Declined at nothing and settled at once), invoiced a few days after
 * the work, most paid 10 to 45 days later with a check number, the others receivable: every request awaiting payment
 * or approval (Q, V, W; some of them old), those invoiced in the last three weeks and half of those of the weeks before. Each demo retailer has every
 * billing code of spec 2 §4 plus one unknown code (shown Road Damage); each demo retailer and each facility of the
 * plant demo user has paid billings in the previous calendar month, the paid report's default.
 */

type BillingInsert = typeof t.serviceOrderBillings.$inferInsert;

const DEMO_RETAILERS: readonly string[] = [...ADMIN_RETAIL_CENTERS, SECOND_INDEPENDENT_RETAILER, COMPANY_OWNED_RETAILER];
/** A code of the plant's books the spec does not name: the reports show it as Road Damage. */
const UNKNOWN_CODE = 'RD';
const EVERY_CODE: readonly string[] = [...(Object.keys(BILLING_CODE_LABELS) as BillingCode[]), UNKNOWN_CODE];
/** How often each code comes up where the request's status does not decide it. */
const CODE_WEIGHTS: readonly (readonly [string, number])[] = [
  ['OW', 30],
  ['BB', 12],
  ['T', 10],
  ['S', 8],
  ['FE', 7],
  ['C', 6],
  ['RP', 5],
  ['I', 4],
  ['FO', 3],
  ['O', 3],
  ['PN', 3],
  ['EM', 2],
  [UNKNOWN_CODE, 4],
];
/** Awaiting payment or approval: billed, not paid. */
const UNPAID_STATUSES = new Set(['Q', 'V', 'W']);
const FACTORY_STATUSES = new Set(['F', 'G']);
/** Canceled requests are never billed. */
const CANCELED_STATUSES = new Set(['X', 'Z']);
const DECLINED_STATUS = 'N';
const RECENT_DAYS = 21;
const PAID_LAST_MONTH_AT_LEAST = 3;
const BATCH_ROWS = 1_000;

const dayOf = (iso: string) => new Date(`${iso}T00:00:00Z`);
const minDay = (a: Date, b: Date) => (a < b ? a : b);
const maxDay = (a: Date, b: Date) => (a > b ? a : b);

/** The previous calendar month of `today` (UTC), first and last day. */
function previousMonth(today: Date) {
  const first = startOfUtcMonth(today, -1);
  const last = daysBefore(startOfUtcMonth(today), 1);
  return { first, last };
}

/** A declined request is billed Declined; a demo retailer's others go through every code first, then by weight. */
function codeFor(random: Random, status: string, demoIndex: number | undefined): string {
  if (status === DECLINED_STATUS) return 'DL';
  if (demoIndex !== undefined && demoIndex < EVERY_CODE.length) return EVERY_CODE[demoIndex]!;
  if (FACTORY_STATUSES.has(status)) return random.pick(['T', 'FE']);
  return random.weighted(CODE_WEIGHTS);
}

export async function seedServiceBillings(db: Database, random: Random, today: Date, _scale: number): Promise<Record<string, number>> {
  const requests = await db
    .select({
      id: t.serviceRequests.id,
      retailerNumber: t.serviceRequests.retailerNumber,
      plantNumber: t.serviceRequests.plantNumber,
      status: t.serviceRequests.status,
      requestDate: t.serviceRequests.requestDate,
      endDate: t.serviceRequests.endDate,
      amount: t.serviceRequests.totalCombinedCost,
    })
    .from(t.serviceRequests)
    .where(isNotNull(t.serviceRequests.vantageWorkOrderId))
    .orderBy(asc(t.serviceRequests.id))
    .then((rows) => rows.filter((request) => !CANCELED_STATUSES.has(request.status)));

  const perDemoRetailer = new Map<string, number>();
  const billings = requests.map((request) => {
    const counted = DEMO_RETAILERS.includes(request.retailerNumber) && request.status !== DECLINED_STATUS;
    const demoIndex = counted ? (perDemoRetailer.get(request.retailerNumber) ?? 0) : undefined;
    if (demoIndex !== undefined) perDemoRetailer.set(request.retailerNumber, demoIndex + 1);
    const workDone = dayOf(request.endDate ?? request.requestDate ?? utcIsoDay(today));
    const invoiceDay = minDay(addDays(workDone, random.int(2, 10)), today);
    const billingCode = codeFor(random, request.status, demoIndex);
    const age = daysFrom(invoiceDay, today);
    // Plants pay most billings within two months; the last three weeks' are still open.
    const declined = request.status === DECLINED_STATUS;
    const paid = !UNPAID_STATUSES.has(request.status) && age > RECENT_DAYS && random.chance(age > 60 ? 0.95 : 0.5);
    // A declined claim is settled at nothing on its invoice day: no check, never receivable.
    const paidDay = declined ? invoiceDay : paid ? minDay(addDays(invoiceDay, random.int(10, 45)), daysBefore(today, 1)) : null;
    const row: BillingInsert & { retailerNumber: string; plantNumber: string } = {
      serviceRequestId: request.id,
      billingCode,
      amount: declined || billingCode === 'DL' ? 0 : request.amount,
      invoiceDate: utcIsoDay(invoiceDay),
      paidDate: paidDay ? utcIsoDay(paidDay) : null,
      checkNumber: paidDay && !declined ? String(random.int(100_000, 999_999)) : '',
      retailerNumber: request.retailerNumber,
      plantNumber: request.plantNumber,
    };
    return row;
  });

  // The paid report opens on the previous month: make sure the demo users see payments there.
  const { first, last } = previousMonth(today);
  const lastMonthFirst = utcIsoDay(first);
  const lastMonthLast = utcIsoDay(last);
  const groups = [
    ...DEMO_RETAILERS.map((retailerNumber) => (row: (typeof billings)[number]) => row.retailerNumber === retailerNumber),
    ...PLANT_USER_FACILITIES.map((plantNumber) => (row: (typeof billings)[number]) => row.plantNumber === plantNumber),
  ];
  for (const inGroup of groups) {
    const members = billings.filter(inGroup);
    const paidByCheck = members.filter((row) => row.paidDate && row.checkNumber);
    const inLastMonth = (row: (typeof billings)[number]) => row.paidDate! >= lastMonthFirst && row.paidDate! <= lastMonthLast;
    const paidThen = paidByCheck.filter(inLastMonth).length;
    const candidates = paidByCheck.filter((row) => row.invoiceDate <= lastMonthLast && !inLastMonth(row));
    for (const row of candidates.slice(0, Math.max(0, PAID_LAST_MONTH_AT_LEAST - paidThen))) {
      const from = maxDay(first, addDays(dayOf(row.invoiceDate), 1));
      const span = Math.max(0, daysFrom(from, last));
      row.paidDate = utcIsoDay(minDay(addDays(from, random.int(0, span)), last));
    }
  }

  const rows: BillingInsert[] = billings.map(({ retailerNumber: _retailer, plantNumber: _plant, ...row }) => row);
  for (let start = 0; start < rows.length; start += BATCH_ROWS)
    await insertRows(db, t.serviceOrderBillings, rows.slice(start, start + BATCH_ROWS));
  return { serviceOrderBillings: rows.length, receivableBillings: rows.filter((row) => !row.paidDate).length };
}
