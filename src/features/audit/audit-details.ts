import type { AuditEvent } from '../../contract';

const NONE = '—';

function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return NONE;
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.map(valueText).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * An event's details in one line: a change as "from → to" (roles, retail centers), an import as
 * "kind: 3 inserted, 2 updated, …", anything else as "key: value" pairs.
 */
export function describeAuditDetails(details: Record<string, unknown>): string {
  const { from, to, kind, ...rest } = details;
  const restText = Object.entries(rest).map(([key, value]) => `${key}: ${valueText(value)}`);
  if ('from' in details && 'to' in details) {
    return [`${valueText(from)} → ${valueText(to)}`, ...(kind === undefined ? [] : [`kind: ${valueText(kind)}`]), ...restText].join('; ');
  }
  const counts = Object.entries(rest).filter(([, value]) => isCount(value));
  if (typeof kind === 'string' && counts.length > 0) {
    const others = Object.entries(rest)
      .filter(([, value]) => !isCount(value))
      .map(([key, value]) => `${key}: ${valueText(value)}`);
    return [`${kind}: ${counts.map(([key, value]) => `${value} ${key}`).join(', ')}`, ...others].join('; ');
  }
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${valueText(value)}`)
    .join('; ');
}

/** Who did it: the user, the command line (and its operating-system user), an API key by name, or nobody signed in. */
export function auditActorLabel(event: Pick<AuditEvent, 'actorKind' | 'actorName'>): string {
  switch (event.actorKind) {
    case 'user':
      return event.actorName ?? NONE;
    case 'cli':
      return event.actorName ? `Command line (${event.actorName})` : 'Command line';
    case 'api-key':
      return event.actorName ? `API key ${event.actorName}` : 'API key';
    case 'anonymous':
      return NONE;
  }
}

export const orNone = (value: string | null) => value ?? NONE;
