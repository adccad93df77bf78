import { newUuid } from '../lib/ids';
import type { JsonValue } from './db';
import { TEMP_ID_PATTERN, TEMP_ID_PREFIX } from './temp-id-format';

/*
 * A record created offline gets a temporary id `tmp_<uuid>` so that later calls (its items, its
 * attachments, its submit) can name it before the server has. Once its create is acknowledged,
 * every occurrence is rewritten to the server's id: a value that is exactly the temp id takes the
 * server id with its type (a number stays a number); a temp id inside a longer string (a path)
 * is replaced by the id's text.
 */

export { isTempId, TEMP_ID_PREFIX } from './temp-id-format';

export function newTempId(uuid: () => string = newUuid): string {
  return `${TEMP_ID_PREFIX}${uuid()}`;
}

/** Every temp id mentioned in the given strings and JSON values, once each, in order of appearance. */
export function findTempIds(...values: unknown[]): string[] {
  const found = new Set<string>();
  const visit = (value: unknown) => {
    if (typeof value === 'string') {
      for (const match of value.matchAll(TEMP_ID_PATTERN)) found.add(match[0]);
    } else if (Array.isArray(value)) {
      value.forEach(visit);
    } else if (value && typeof value === 'object') {
      Object.values(value).forEach(visit);
    }
  };
  values.forEach(visit);
  return [...found];
}

export type TempIdMap = ReadonlyMap<string, string | number>;

export function rewriteString(text: string, ids: TempIdMap): string {
  if (ids.size === 0 || !text.includes(TEMP_ID_PREFIX)) return text;
  return text.replace(TEMP_ID_PATTERN, (tempId) => {
    const serverId = ids.get(tempId);
    return serverId === undefined ? tempId : String(serverId);
  });
}

export function rewriteJson<T extends JsonValue | undefined>(value: T, ids: TempIdMap): T {
  if (ids.size === 0 || value === undefined || value === null) return value;
  if (typeof value === 'string') {
    const exact = ids.get(value);
    return (exact !== undefined ? exact : rewriteString(value, ids)) as T;
  }
  if (Array.isArray(value)) return value.map((item) => rewriteJson(item, ids)) as T;
  if (typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, rewriteJson(item, ids)])) as T;
  }
  return value;
}

export function rewriteQuery(query: Record<string, string> | undefined, ids: TempIdMap) {
  if (!query || ids.size === 0) return query;
  return Object.fromEntries(Object.entries(query).map(([key, item]) => [key, rewriteString(item, ids)]));
}

/** Reads a dot path (`id`, `data.workOrderId`) from an answer body. */
export function readPath(body: unknown, path: string): unknown {
  let current: unknown = body;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}
