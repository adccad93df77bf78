import { notFound } from '@tanstack/react-router';
import * as v from 'valibot';
import { isTempId } from '../offline/temp-id-format';

type PathParams = Record<string, string>;

/**
 * A route's `params` option from a valibot schema of its path segments: a segment the schema refuses makes the address
 * an unknown route (spec 1 §2: /404), and the parsed values are written back into the address as text.
 */
export function defineParams<TSchema extends v.GenericSchema<PathParams, Record<string, string | number>>>(schema: TSchema) {
  type Params = v.InferOutput<TSchema>;
  return {
    parse: (params: PathParams): Params => {
      const parsed = v.safeParse(schema, params);
      if (!parsed.success) throw notFound();
      return parsed.output;
    },
    stringify: (params: Params) =>
      Object.fromEntries(Object.entries(params).map(([name, value]) => [name, String(value)])) as { [Name in keyof Params]: string },
  };
}

/**
 * A path segment kept as the text the screen reads (a serial number, a Vantage or catalog id, an item's id or temp id):
 * the screen says when it names nothing, as it did before routes had schemas; only a blank one is refused.
 */
export const RouteSegment = v.pipe(
  v.string(),
  v.check((segment) => segment.trim() !== ''),
);

/** A record's id as the server gives it: 1 to 9 digits, read as a number. */
export const NumericId = v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number));

/** A record's server id, or the temp id (tmp_…) of one made on this device that the server does not have yet; kept as text. */
export const ServerOrTempId = v.pipe(
  v.string(),
  v.check((id) => /^\d{1,9}$/.test(id) || isTempId(id)),
);
