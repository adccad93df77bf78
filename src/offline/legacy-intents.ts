import type { JsonValue, OutboxEntry, OutboxIntent } from './outbox-types';

/*
 * Entries queued before issue 21 hold the REST call alone. The store's version-6 upgrade (db.ts) gives each the
 * intent its feature's api/calls.ts builds today, read once from the call the way the screens used to read it: this
 * is the only place that tells what a queued call is from its path. The shapes are those features' intent unions
 * (tests/unit/offline/legacy-intents.test.ts holds each to the one the feature builds). An entry none of them
 * wrote gets UNRECOGNISED_INTENT: it is still sent, and listed on the pending-changes screen by its label.
 */

export const UNRECOGNISED_INTENT: OutboxIntent = { feature: 'unrecognised', kind: 'unrecognised' };

type LegacyEntry = Omit<OutboxEntry, 'intent'>;
type Action = 'add' | 'update' | 'remove';

const actionOf = (method: string): Action => (method === 'POST' ? 'add' : method === 'DELETE' ? 'remove' : 'update');

/** The last path segment caught by `pattern`, decoded, or undefined when the path does not match. */
function segment(path: string, pattern: RegExp): string | undefined {
  const found = pattern.exec(path)?.[1];
  return found === undefined ? undefined : decodeURIComponent(found);
}

/** A row of a record (an item, a part, an attachment): a create names it by the temp id it hands out. */
const row = (entry: LegacyEntry, id: string | undefined) => ({ action: actionOf(entry.method), id: id ?? entry.createsTempId ?? entry.id });

/** spec 3 §7 request and work-order calls (features/work-orders/api/calls.ts WorkOrderIntent). */
function workOrderIntent(entry: LegacyEntry): OutboxIntent | undefined {
  const { method, path } = entry;
  const of = (kind: string, fields: Record<string, JsonValue> = {}): OutboxIntent => ({ feature: 'work-orders', kind, ...fields });
  if (/\/CreateServiceRequest$/i.test(path)) {
    const requestId = entry.createsTempId ?? entry.id;
    const query = entry.query ?? {};
    return of('create-request', {
      requestId,
      requestNumber: entry.alsoCreates?.[0]?.tempId ?? requestId,
      plantNumber: query.plantNumber ?? '',
      longSerialNumber: query.longSerialNumber ?? '',
      assetId: Number(query.assetId ?? 0),
    });
  }
  if (/\/SubmitServiceRequest$/i.test(path) || /\/workorders\/[^/]+\/submit$/i.test(path)) return of('submit');
  if (/\/workorders\/[^/]+\/archive$/i.test(path)) return of('archive');
  if (/\/(items|lineitems)$/i.test(path)) return of('service-item', row(entry, undefined));
  const item = segment(path, /\/(?:items|lineitems)\/([^/]+)$/i);
  if (item) return of('service-item', row(entry, item));
  const part = segment(path, /\/(?:PartsItem|partsitems)\/([^/]+)$/i);
  if (part) return of('parts-item', row(entry, part));
  if (/\/PartsOrder\/[^/]+$/i.test(path) || /\/partsitems$/i.test(path)) return of('parts-item', row(entry, undefined));
  const attachment = segment(path, /\/(?:ServiceAttachment|attachments)\/([^/]+)$/i);
  if (attachment) return of('attachment', row(entry, attachment));
  if (/\/(ServiceAttachment|attachments)$/i.test(path)) return of('attachment', row(entry, undefined));
  if (/^\/service\/(workorders\/)?[^/]+$/i.test(path)) return of(method === 'DELETE' ? 'cancel' : 'information');
  return undefined;
}

/** spec 3 §7 parts-order calls (features/parts-orders/api/calls.ts PartsOrderIntent). */
function partsOrderIntent(entry: LegacyEntry): OutboxIntent | undefined {
  const { method, path } = entry;
  const of = (kind: string, fields: Record<string, JsonValue> = {}): OutboxIntent => ({ feature: 'parts-orders', kind, ...fields });
  if (/^\/Parts$/i.test(path)) return method === 'POST' ? of('create-order', { orderId: entry.createsTempId ?? entry.id }) : undefined;
  if (/^\/Parts\/vantage\/[^/]+$/i.test(path) || /^\/Parts\/[^/]+\/[^/]+\/PartsReceived$/i.test(path))
    return method === 'PUT' ? of('receipt') : undefined;
  if (/^\/Parts\/[^/]+\/PartsItem$/i.test(path)) return of('item', row(entry, undefined));
  const item = segment(path, /^\/Parts\/[^/]+\/PartsItem\/([^/]+)$/i);
  if (item) return of('item', row(entry, item));
  if (/^\/Parts\/[^/]+$/i.test(path)) {
    const kind = ({ PUT: 'ship-to', DELETE: 'cancel', POST: 'submit' } as Record<string, string>)[method];
    return kind ? of(kind) : undefined;
  }
  return undefined;
}

const bodyOf = (entry: LegacyEntry): Record<string, JsonValue> =>
  entry.body && typeof entry.body === 'object' && !Array.isArray(entry.body) ? entry.body : {};

/** spec 2 §7 delivery-report calls (features/delivery-reports/api/calls.ts DeliveryIntent). */
function deliveryIntent(entry: LegacyEntry): OutboxIntent | undefined {
  const body = bodyOf(entry);
  if (/^\/DeliveryForm$/i.test(entry.path) && entry.method === 'POST') {
    const { plantNumber, serialNumber } = body;
    if (typeof plantNumber !== 'string' || typeof serialNumber !== 'string') return undefined;
    return { feature: 'delivery-reports', kind: 'submit-report', plantNumber, serialNumber };
  }
  // An attachment's calls are recorded under the report they belong to: `delivery-report:{submittedSurveyId}`.
  const submittedSurveyId = Number(entry.recordKey.slice('delivery-report:'.length));
  if (/^\/Survey\/SurveyAttachment(\/[^/]+)?$/i.test(entry.path) && Number.isInteger(submittedSurveyId)) {
    return { feature: 'delivery-reports', kind: 'survey-attachment', action: actionOf(entry.method), submittedSurveyId };
  }
  return undefined;
}

/** The intent of an entry queued before intents existed (see above). */
export function legacyIntent(entry: LegacyEntry): OutboxIntent {
  const feature = entry.recordKey.slice(0, entry.recordKey.indexOf(':') + 1);
  let intent: OutboxIntent | undefined;
  if (feature === 'service-request:') intent = workOrderIntent(entry);
  else if (feature === 'parts-order:') intent = partsOrderIntent(entry);
  else if (feature === 'delivery-report:') intent = deliveryIntent(entry);
  else if (feature === 'warranty:' && (entry.method === 'POST' || entry.method === 'PUT')) {
    intent = { feature: 'homeowners', kind: 'warranty-card', action: entry.method === 'POST' ? 'create' : 'update' };
  } else if (feature === 'lead:') {
    const { leadId, status } = bodyOf(entry);
    if (typeof leadId === 'number' && (status === 'C' || status === 'I'))
      intent = { feature: 'leads', kind: 'lead-status', leadId, status };
  } else if (feature === 'feedback:') intent = { feature: 'feedback', kind: 'submit-feedback' };
  else if (feature === 'support:') intent = { feature: 'support', kind: 'submit-support-request' };
  return intent ?? UNRECOGNISED_INTENT;
}
