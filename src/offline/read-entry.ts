import * as v from 'valibot';
import type { OutboxEntry, OutboxIntent } from './db';

/*
 * How a feature reads the entries it queued, to show them as pending: what the user did from the entry's intent
 * (typed as the feature's own union), and what they sent from its body, read with the contract's schema.
 */

/**
 * The entry's intent read through a feature's schema of its union (each kind a valibot object with its `feature` and
 * `kind` literals); undefined when another feature queued it, or when it is not one of the kinds the feature knows.
 */
export function intentOf<Schema extends v.GenericSchema<unknown, OutboxIntent>>(
  entry: Pick<OutboxEntry, 'intent'>,
  schema: Schema,
): v.InferOutput<Schema> | undefined {
  return v.is(schema, entry.intent) ? (entry.intent as v.InferOutput<Schema>) : undefined;
}

export type BodyFields<Entries extends v.ObjectEntries> = { [Name in keyof Entries]?: v.InferOutput<Entries[Name]> };

/**
 * The fields of a queued body, each parsed by its own schema of the contract's object schema. A field the body has
 * not got, or one its schema refuses, is left out, so that a screen keeps what it showed for it.
 */
export function bodyFields<Entries extends v.ObjectEntries>(schema: { readonly entries: Entries }, body: unknown): BodyFields<Entries> {
  const fields: Record<string, unknown> = {};
  if (!body || typeof body !== 'object' || Array.isArray(body)) return fields as BodyFields<Entries>;
  for (const [name, value] of Object.entries(body)) {
    const field = Object.hasOwn(schema.entries, name) ? schema.entries[name] : undefined;
    if (!field || value === undefined) continue;
    const parsed = v.safeParse(field, value);
    if (parsed.success) fields[name] = parsed.output;
  }
  return fields as BodyFields<Entries>;
}
