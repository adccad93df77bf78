import * as v from 'valibot';

/** A numeric id in a path (a database integer: at most 9 digits), read as a number; `message` when it is not one. */
export const idParam = (message = 'Must be a number.') => v.pipe(v.string(), v.regex(/^\d{1,9}$/, message), v.transform(Number));

/** The path id of most routes. */
export const Id = idParam();
