/*
 * The form of a temporary id (`tmp_<uuid>`, see ./temp-ids.ts), apart from the code that makes and rewrites them:
 * route files check it on every address, so it is in the first load, and the rest of temp-ids.ts need not be.
 */

export const TEMP_ID_PREFIX = 'tmp_';
export const TEMP_ID_PATTERN = /tmp_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const EXACT_TEMP_ID = new RegExp(`^${TEMP_ID_PATTERN.source}$`);

export function isTempId(value: unknown): value is string {
  return typeof value === 'string' && EXACT_TEMP_ID.test(value);
}
