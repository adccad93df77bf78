import type { Writable } from 'node:stream';
import { AUDIT_ACTION_NAMES, isIsoDay, notRealDateMessage, type AuditAction, type AuditEvent } from '../../../contract';
import { allAuditEvents, listAuditEvents, type AuditFilter, type AuditScope } from '../../audit/audit';
import type { Database } from '../../db/client';
import { stringOption, type Command } from '../command';
import { withDatabase } from '../database';
import { UsageError } from '../io';

/** Events per query, both when finding the pages and when printing them. */
const PAGE = 1_000;
const EVERYTHING: AuditScope = { all: true };

const SINCE_PATTERN = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2}))?$/i;

/** A date (midnight UTC) or a date and time with its zone (Z or an offset): an instant anyone reads the same way. */
export function parseSince(value: string): Date {
  const text = value.trim();
  // Date parsing rolls 2025-02-30 over into March; such a day is refused as it is.
  if (SINCE_PATTERN.test(text) && !isIsoDay(text.slice(0, 10))) throw new UsageError(`--since: ${notRealDateMessage(text.slice(0, 10))}`);
  const date = SINCE_PATTERN.test(text) ? new Date(text) : null;
  if (!date || Number.isNaN(date.getTime()))
    throw new UsageError(
      `--since: a date (2026-11-01, midnight UTC) or a time with its zone (2026-11-01T08:00:00Z, 2026-11-01T08:00-05:00), not "${value}".`,
    );
  return date;
}

async function writeLineDrained(stream: Writable, text: string) {
  if (!stream.write(`${text}\n`)) await new Promise<void>((resolve) => stream.once('drain', resolve));
}

/**
 * Every matching event, oldest first, a page in memory at a time. allAuditEvents walks the trail newest first; the
 * first walk keeps only where each page of PAGE events starts, then the pages are read again from the oldest, each
 * reversed. The newest id seen first bounds the export: events written meanwhile are not in it; events pruned meanwhile
 * are simply missing (each page stops where the next older one begins, so nothing is printed twice).
 */
export async function* auditEventsOldestFirst(db: Database, filter: AuditFilter): AsyncGenerator<AuditEvent> {
  /** The `before` of each page, newest page first: page k holds the ids below starts[k], down to starts[k + 1]. */
  const starts: number[] = [];
  let seen = 0;
  let previous = 0;
  for await (const event of allAuditEvents(db, filter, EVERYTHING, PAGE)) {
    if (seen === 0) starts.push(event.id + 1);
    else if (seen % PAGE === 0) starts.push(previous);
    previous = event.id;
    seen += 1;
  }
  for (let page = starts.length - 1; page >= 0; page--) {
    const olderPageStart = starts[page + 1];
    const events = await listAuditEvents(db, { ...filter, before: starts[page] }, EVERYTHING, PAGE);
    for (const event of events.reverse()) if (olderPageStart === undefined || event.id >= olderPageStart) yield event;
  }
}

const auditExport: Command = {
  name: ['audit', 'export'],
  summary: 'Print the audit trail as JSON lines, oldest first',
  options: {
    since: {
      type: 'string',
      value: '<date or time>',
      description: 'Events at or after this: 2026-11-01 (midnight UTC) or 2026-11-01T08:00:00Z',
    },
    user: { type: 'string', value: '<user name>', description: 'Events by or about a user name containing this (any case)' },
    action: { type: 'string', value: '<action>', description: 'Events of this action only, e.g. invitation.sent' },
  },
  description: `Prints the audit trail: one JSON object per line, oldest first, each as GET /api/Audit answers it
(id, at in UTC, action, actorKind, actorName, targetName, details, clientAddress, requestId). Identity and
administration events are kept AUDIT_RETENTION_DAYS (default 400). An event is never a password, a token or a body.

--user matches the actor (who did it: a user, the command line's operating-system user, an API key) or the target
(whom it is about), case-insensitive, any part of the name.

Actions: ${AUDIT_ACTION_NAMES.join(', ')}.

Examples:
  npx homesite audit export --since 2026-11-01 > audit-november.jsonl
  npx homesite audit export --user it@example.com --action password.reset
  npx homesite audit export | jq -r 'select(.actorKind == "cli") | [.at, .action, .targetName] | @tsv'`,
  run: async ({ io, values }) => {
    const filter: AuditFilter = {};
    const since = stringOption(values, 'since');
    if (since !== undefined) filter.from = parseSince(since);
    const user = stringOption(values, 'user')?.trim();
    if (user) filter.user = user;
    const action = stringOption(values, 'action');
    if (action !== undefined) {
      if (!(AUDIT_ACTION_NAMES as readonly string[]).includes(action))
        throw new UsageError(`--action: one of ${AUDIT_ACTION_NAMES.join(', ')}; not "${action}".`);
      filter.action = action as AuditAction;
    }
    await withDatabase(io.env, { migrations: 'current' }, async ({ db }) => {
      for await (const event of auditEventsOldestFirst(db, filter)) await writeLineDrained(io.stdout, JSON.stringify(event));
    });
  },
};

export const auditCommands: readonly Command[] = [auditExport];
