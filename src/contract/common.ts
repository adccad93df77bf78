import * as v from 'valibot';

/** Body of every error answer: `message` is what the user reads; `field` names the first bad field. */
export const ErrorBody = v.object({
  message: v.string(),
  field: v.optional(v.string()),
  issues: v.optional(v.array(v.object({ field: v.string(), message: v.string() }))),
  /** On a 500: the id the server logged the error under, for support. */
  requestId: v.optional(v.string()),
});
export type ErrorBody = v.InferOutput<typeof ErrorBody>;

/** 409 answer to an update with a stale rowVersion: the record as it is now. */
export const ConflictBody = v.object({ message: v.string(), current: v.unknown() });
export type ConflictBody = v.InferOutput<typeof ConflictBody>;

export const RetailerNumber = v.pipe(v.string(), v.regex(/^\d{1,10}$/, 'Retailer number must be digits.'));
export const PlantNumber = v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'Plant number must be digits.'));
export const RowVersion = v.pipe(v.number(), v.integer(), v.minValue(0));

/** An ISO-8601 timestamp as the server writes it. */
export const Timestamp = v.pipe(v.string(), v.isoTimestamp());

/** Turns valibot issues into the 400 body: the first message, with the field it belongs to. */
export function toErrorBody(issues: readonly v.BaseIssue<unknown>[]): ErrorBody {
  const list = issues.map((issue) => ({
    field: v.getDotPath(issue) ?? '(body)',
    message: issue.message,
  }));
  const first = list[0] ?? { field: '(body)', message: 'Invalid request.' };
  return { message: `${first.message} (${first.field})`, field: first.field, issues: list };
}
