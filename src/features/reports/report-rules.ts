import * as v from 'valibot';
import { REPORT_MESSAGES, addDaysToDay, addMonthsToDay, formatUsDate, type CmhUser, type PaidServiceOrderQuery } from '../../contract';
import { localIsoDay } from '../../lib/date-format';
import { deriveFlags, hasRole, type PermissionSubject } from '../../lib/permissions';
import { dateText, parseDateText } from '../../lib/validators';

/** spec 2 §2 Reports container: the five choices, in the order the spec names them. */
export const REPORTS = {
  paidServiceOrders: 'Paid Service Orders',
  receivableServiceOrders: 'Receivable Service Orders',
  deliveryReports: 'Delivery Reports',
  openServiceRequests: 'Open Service Requests',
  openPartsOrders: 'Open Parts Orders',
} as const;
export type ReportKey = keyof typeof REPORTS;

export const isReportKey = (value: string): value is ReportKey => Object.hasOwn(REPORTS, value);

/** spec 2 §2, §6: the initial report is open service requests for service viewers, otherwise delivery reports. */
export const initialReport = (user: PermissionSubject): ReportKey =>
  deriveFlags(user).isServiceViewer ? 'openServiceRequests' : 'deliveryReports';

/** "New Delivery Report" is for those who submit delivery reports (contract/delivery-reports.ts: Service_User or Sales_User). */
export const canAddDeliveryReport = (user: Pick<CmhUser, 'roles'>) => hasRole(user, 'Service_User', 'Sales_User');

export const NEW_DELIVERY_REPORT_PATH = '/surveys/deliveryreports';
export const deliveryReportPath = (submittedSurveyId: number) => `/reports/deliveryreports/${submittedSurveyId}`;

/** The paid report's two dates as typed, MM/DD/YYYY (spec 2 §5). */
export interface PaidRange {
  start: string;
  end: string;
}

/**
 * spec 2 §2, §9: the paid report defaults to "the last month", read as the previous calendar month of `today`, the
 * business day where the user works ('YYYY-MM-DD'), first to last day: on 11/26/2026 it is 10/01/2026 to 10/31/2026,
 * on 01/15/2027 12/01/2026 to 12/31/2026. A calendar month is what a plant's payment statements cover, so the default
 * report matches one statement.
 */
export function lastMonthRange(today: string): PaidRange {
  const firstOfMonth = `${today.slice(0, 7)}-01`;
  return { start: formatUsDate(addMonthsToDay(firstOfMonth, -1)), end: formatUsDate(addDaysToDay(firstOfMonth, -1)) };
}

/** spec 2 §5: each date required and parseable (exactly MM/DD/YYYY when typed with a slash): the fields' own messages. */
export const paidDatesSchema = v.object({
  start: dateText({ label: 'Start date', required: true }),
  end: dateText({ label: 'End date', required: true }),
});

/** spec 2 §5 range validator: the start on or before the end (said under the dates, as it concerns both; the server's message). */
export const paidRangeSchema = v.pipe(
  paidDatesSchema,
  v.forward(
    v.partialCheck(
      [['start'], ['end']],
      ({ start, end }) => {
        const from = parseDateText(start);
        const to = parseDateText(end);
        return !from || !to || from.getTime() <= to.getTime();
      },
      REPORT_MESSAGES.startAfterEnd,
    ),
    ['end'],
  ),
);

/** The query of GET {api}/Reports/PaidServiceOrderReport for the typed dates, or null while they are not valid. */
export function paidRangeQuery(range: PaidRange): PaidServiceOrderQuery | null {
  if (!v.is(paidRangeSchema, range)) return null;
  return { startDate: localIsoDay(parseDateText(range.start)!), endDate: localIsoDay(parseDateText(range.end)!) };
}

/** The messages of the typed dates by field (the range's on `end`), empty when they are valid. */
export function paidRangeIssues(range: PaidRange): Partial<Record<keyof PaidRange, string>> {
  const result = v.safeParse(paidRangeSchema, range);
  const issues: Partial<Record<keyof PaidRange, string>> = {};
  for (const issue of result.issues ?? []) {
    const key = v.getDotPath(issue) as keyof PaidRange | null;
    if (key && !issues[key]) issues[key] = issue.message;
  }
  return issues;
}

/** What the paid report says while it cannot run: the range's message, or how to run it. */
export function paidRangeNotice(range: PaidRange): string {
  return paidRangeIssues(range).end === REPORT_MESSAGES.startAfterEnd
    ? REPORT_MESSAGES.startAfterEnd
    : 'Enter a start date and an end date (MM/DD/YYYY) to run the report.';
}
