import { isEmptyDate } from '../lib/dates';
import type { ChangeConflict, ConflictChoice, ConflictField, PendingMark } from '../lib/pending-mark';
import { storedBody, type JsonValue, type OutboxCall, type OutboxEntry, type OutboxError } from './outbox-types';

/*
 * A change that met a newer version of its record (409 with the record as it is now, contract ConflictBody).
 * The server never merges: the user sees the fields where their change and the current version differ, mine
 * beside theirs, and keeps theirs, or re-applies theirs-or-mine field by field on the current version.
 *
 * An update body carries the whole form. Its `changes` (OutboxCall.changes) say which fields I changed: only those
 * are compared and re-applied, the others take their version. An entry without them (queued by an earlier version)
 * counts every differing field as possibly mine, and the choice is the user's, per field.
 */

type JsonObject = { [key: string]: JsonValue };

const isObject = (value: JsonValue | undefined): value is JsonObject => !!value && typeof value === 'object' && !Array.isArray(value);

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** No value: nothing, '', or a placeholder date (spec 1 §5). */
const isEmpty = (value: JsonValue | undefined) =>
  value === undefined || value === null || (typeof value === 'string' && isEmptyDate(value));

/** Equal as the user reads them: empty is empty, a day equals that day at any time, 2 equals "2". */
function sameValue(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  if (isEmpty(a) || isEmpty(b)) return isEmpty(a) && isEmpty(b);
  if (typeof a === 'string' && typeof b === 'string') {
    if (ISO_DAY.test(a) && b.startsWith(`${a}T`)) return true;
    if (ISO_DAY.test(b) && a.startsWith(`${b}T`)) return true;
    return a === b;
  }
  if (typeof a === 'number' || typeof b === 'number') return Number(a) === Number(b);
  return JSON.stringify(a) === JSON.stringify(b);
}

/** `caseSubject` → "Case subject": the name of a field the form did not label. */
function fieldLabel(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function display(value: JsonValue | undefined): string {
  if (isEmpty(value)) return '(empty)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return ISO_DAY.test(value.slice(0, 10)) && /T00:00:00/.test(value) ? value.slice(0, 10) : value;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * The fields of an update body that the user changed: those whose value differs from the record as the form
 * showed it (`seen`, same field names). What goes in OutboxCall.changes.
 */
export function changedFields(body: object, seen: object): string[] {
  const before = seen as Record<string, JsonValue | undefined>;
  return Object.entries(body as JsonObject)
    .filter(([name, value]) => name !== 'rowVersion' && !(name in before && sameValue(value, before[name])))
    .map(([name]) => name);
}

/**
 * The record as a form showed it, in the shape its save sends (`seen` of changedFields): the body the untouched form
 * would send (normalised: a stored unit 'EA ' shows and saves as 'EA') over the record, so that normalisation alone
 * counts as no change; the record alone when the untouched form would not pass its checks.
 */
export function seenAsSaved(record: object | undefined, untouched: { ok: true; body: object } | { ok: false }): object {
  if (!record) return {};
  return untouched.ok ? { ...record, ...untouched.body } : record;
}

/** Whether the update changes the field (every field, for an entry that does not say). */
const changes = (name: string, changed: readonly string[] | undefined) => changed === undefined || changed.includes(name);

/** An update body whose fields the user did not change take the record's values (`record`, a version of it). */
export function followRecord(
  body: JsonValue | undefined,
  record: JsonValue | undefined,
  changed: readonly string[] | undefined,
): JsonValue | undefined {
  if (!isObject(body) || !isObject(record) || changed === undefined) return body;
  const followed: JsonObject = { ...body };
  for (const name of Object.keys(body))
    if (name !== 'rowVersion' && !changed.includes(name) && name in record) followed[name] = record[name]!;
  return followed;
}

/**
 * The fields of `mine` (an update body) that the user changed and the record `current` holds with another value.
 * Undefined when there is nothing to compare (not a versioned update, or no current version to re-apply it on).
 */
export function describeConflict(
  mine: JsonValue | undefined,
  current: JsonValue | undefined,
  labels: Readonly<Record<string, string>> = {},
  changed?: readonly string[],
): ChangeConflict | undefined {
  // Only a versioned update can be re-applied on a newer version (a create's 409 means something else).
  if (!isObject(mine) || typeof mine.rowVersion !== 'number' || !isObject(current) || typeof current.rowVersion !== 'number')
    return undefined;
  const fields: ConflictField[] = [];
  for (const [name, value] of Object.entries(mine)) {
    if (name === 'rowVersion' || !changes(name, changed) || !(name in current) || sameValue(value, current[name])) continue;
    fields.push({ name, label: labels[name] ?? fieldLabel(name), mine: display(value), theirs: display(current[name]) });
  }
  return { fields, theirVersion: current.rowVersion };
}

const CONFLICT_MESSAGE = 'Someone else saved this record after you changed it.';

/** The conflict of a parked entry, if a 409 parked it. */
export function entryConflict(entry: OutboxEntry): ChangeConflict | undefined {
  if (entry.status !== 'failed' || entry.lastError?.status !== 409) return undefined;
  return describeConflict(entry.body, entry.lastError.current, entry.fieldLabels, entry.changes);
}

/** How screens mark a queued change (with its conflict, when it has one). */
export function pendingMarkOf(entry: OutboxEntry): PendingMark {
  const mark: PendingMark = { state: entry.status === 'failed' ? 'failed' : 'pending', seq: entry.seq ?? 0, label: entry.label };
  if (entry.owner) mark.author = entry.owner;
  if (entry.status === 'failed' && entry.lastError) {
    const conflict = entryConflict(entry);
    // The server's 409 text says to reload; with both versions at hand the choice says what to do instead.
    mark.message = conflict ? CONFLICT_MESSAGE : entry.lastError.message;
    if (conflict) mark.conflict = conflict;
  }
  return mark;
}

/**
 * My update body moved onto their version: the fields in `theirs`, and those I did not change (`changed`), take
 * their value.
 */
export function rebasedBody(
  mine: JsonValue | undefined,
  current: JsonValue | undefined,
  theirs: readonly string[],
  changed?: readonly string[],
): JsonObject {
  if (!isObject(mine) || !isObject(current) || typeof current.rowVersion !== 'number') {
    throw new Error('This change cannot be re-applied: the server did not send the current version.');
  }
  const body: JsonObject = { ...(followRecord(mine, current, changed) as JsonObject), rowVersion: current.rowVersion };
  for (const name of theirs) if (name in current && name in mine) body[name] = current[name]!;
  return body;
}

/** Asks the user how to settle a conflict met by a save made online: a choice, 'discard', or null (dismissed). */
export type AskConflict = (label: string, conflict: ChangeConflict) => Promise<ConflictChoice | 'discard' | null>;

/** An online save whose conflict the user settled by keeping theirs or discarding: nothing was written. */
export interface DroppedWrite {
  status: 'dropped';
  kept: 'theirs' | 'nothing';
}

/**
 * A save that meets 409 while the user is still in the form: they see mine beside theirs at once and
 * choose. Re-applying sends the call again on their version (and asks again if it meets yet another);
 * keeping theirs or discarding ends the save with nothing written; dismissing throws the refusal, so the
 * form shows it as before. Any other refusal is thrown as it came.
 */
export async function writeSettlingConflicts<Outcome>(
  call: OutboxCall,
  submit: (call: OutboxCall) => Promise<Outcome>,
  ask: AskConflict,
): Promise<Outcome | DroppedWrite> {
  for (let current = call; ;) {
    try {
      return await submit(current);
    } catch (error) {
      const refusal = error as { error?: OutboxError };
      const mine = storedBody(current.body);
      const conflict =
        refusal.error?.status === 409 ? describeConflict(mine, refusal.error.current, current.fieldLabels, current.changes) : undefined;
      if (!conflict) throw error;
      const choice = await ask(current.label, conflict);
      if (choice === null) throw error;
      if (choice === 'discard') return { status: 'dropped', kept: 'nothing' };
      if ('keep' in choice) return { status: 'dropped', kept: 'theirs' };
      current = { ...current, body: rebasedBody(mine, refusal.error!.current, choice.reapply.theirs, current.changes) };
    }
  }
}
