import * as v from 'valibot';

/** POST {api}/api/Logger body (spec 1 §3, §7). */
export const LogMessage = v.object({
  format: v.picklist(['info', 'trace', 'error'], 'format must be info, trace or error.'),
  message: v.pipe(v.string(), v.nonEmpty('message is required.'), v.maxLength(4000)),
  exception: v.optional(v.pipe(v.string(), v.maxLength(20000))),
});
export type LogMessage = v.InferOutput<typeof LogMessage>;
