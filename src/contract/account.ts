import * as v from 'valibot';
import { RowVersion } from './common';
import { RequiredText } from './text';

const name = (label: string) =>
  RequiredText(`${label} is required.`, 20, { allow: 'string', tooLong: `${label} can be no longer than 20 characters.` });

/** spec 1 §5: at least 8, an upper, a lower, a digit and one of # ? ! @ $ % ^ & * - */
export const PASSWORD_SYMBOLS = '#?!@$%^&*-';
/** The rules of Password, as help text under a new-password field. */
export const PASSWORD_RULES = `At least 8 characters, with an upper-case letter, a lower-case letter, a digit and one of ${PASSWORD_SYMBOLS.split('').join(' ')}`;

// One message at a time: an empty field says only 'Password is required.', not every rule at once.
export const Password = v.config(
  v.pipe(
    v.string('Password is required.'),
    v.nonEmpty('Password is required.'),
    v.minLength(8, 'Password must be at least 8 characters.'),
    v.maxLength(128, 'Password can be no longer than 128 characters.'),
    v.regex(/[A-Z]/, 'Password must contain an upper-case letter.'),
    v.regex(/[a-z]/, 'Password must contain a lower-case letter.'),
    v.regex(/\d/, 'Password must contain a digit.'),
    v.regex(/[#?!@$%^&*-]/, `Password must contain one of ${PASSWORD_SYMBOLS.split('').join(' ')}.`),
  ),
  { abortPipeEarly: true },
);

/** PUT {api}/Account: the own account (spec 1 §5 My Account). An empty password means no change. */
export const AccountUpdateBody = v.pipe(
  v.object({
    firstName: name('First name'),
    lastName: name('Last name'),
    password: v.optional(v.union([v.literal(''), Password]), ''),
    confirmPassword: v.optional(v.string(), ''),
    rowVersion: RowVersion,
  }),
  v.forward(
    v.partialCheck([['password'], ['confirmPassword']], (input) => input.password === input.confirmPassword, 'Passwords do not match.'),
    ['confirmPassword'],
  ),
);
export type AccountUpdateBody = v.InferOutput<typeof AccountUpdateBody>;
