import * as v from 'valibot';
import { AUDIT_ACTIONS, AUDIT_PAGE_SIZE, AuditQuery, businessDay, AuditPage, paths, type AuditEvent } from '../../contract';
import { organisationTimeZone } from '../business-day/business-day';
import { csvHeader, csvLine, type CsvColumn } from '../../lib/csv';
import { allAuditEvents, auditFilterOf, listAuditEvents, type AuditScope } from '../audit/audit';
import type { Session } from '../auth/session';
import { route } from '../http/route';

/** An internal administrator sees the whole trail; a retailer's administrator the events of their retail centers' users. */
const scopeOf = (session: Session): AuditScope =>
  session.user.isInternal
    ? { all: true }
    : { all: false, retailerNumbers: session.user.availableRetailers.map((retailer) => retailer.retailerNumber) };

const AUDIT_CSV_COLUMNS: readonly CsvColumn<AuditEvent>[] = [
  { header: 'Time (UTC)', value: (event) => event.at },
  { header: 'Action', value: (event) => AUDIT_ACTIONS[event.action] },
  { header: 'Action code', value: (event) => event.action },
  { header: 'Actor kind', value: (event) => event.actorKind },
  { header: 'Actor', value: (event) => event.actorName ?? '' },
  { header: 'User', value: (event) => event.targetName ?? '' },
  { header: 'Details', value: (event) => (Object.keys(event.details).length > 0 ? JSON.stringify(event.details) : '') },
  { header: 'Client address', value: (event) => event.clientAddress ?? '' },
  { header: 'Request id', value: (event) => event.requestId ?? '' },
];

/** The audit log (issue 29 §5): administrators only, newest first. */
export const auditRoutes = [
  route({
    method: 'GET',
    endpoint: paths.auditEvents,
    summary: 'A page of the audit trail, newest first',
    description:
      'An internal admin sees every event; a retail center’s admin the events of their retail centers’ users. `nextBefore` asks for the next page.',
    answer: AuditPage,
    flag: 'isAdmin',
    query: AuditQuery,
    handle: async ({ c, db, session, query }) => {
      const limit = query.limit ?? AUDIT_PAGE_SIZE;
      // One more than the page tells whether there is a next one.
      const events = await listAuditEvents(db, auditFilterOf(query), scopeOf(session), limit + 1);
      const items = events.slice(0, limit);
      return c.json({ items, nextBefore: events.length > limit ? items[items.length - 1]!.id : null } satisfies AuditPage);
    },
  }),

  route({
    method: 'GET',
    endpoint: paths.auditCsv,
    summary: 'The audit trail as a CSV file',
    answer: { contentType: 'text/csv', schema: v.string(), description: 'Every event the filter keeps, one line each.' },
    flag: 'isAdmin',
    query: AuditQuery,
    handle: ({ db, deps, session, query }) => {
      const events = allAuditEvents(db, auditFilterOf(query), scopeOf(session));
      const encoder = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        start: (controller) => controller.enqueue(encoder.encode(csvHeader(AUDIT_CSV_COLUMNS))),
        pull: async (controller) => {
          const next = await events.next();
          if (next.done) controller.close();
          else controller.enqueue(encoder.encode(csvLine(next.value, AUDIT_CSV_COLUMNS)));
        },
        cancel: async () => {
          await events.return(undefined);
        },
      });
      return new Response(body, {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="homesite-audit-${businessDay(organisationTimeZone(), deps.clock())}.csv"`,
        },
      });
    },
  }),
];
