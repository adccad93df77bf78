import * as v from 'valibot';

/**
 * The router reads `?x=123` as a number and `?x=true` as a boolean; a value meant as text is taken as text
 * whatever it looks like.
 */
export const SearchText = v.pipe(v.union([v.string(), v.number(), v.boolean()]), v.transform(String));

/** /login and /login/expired: spec 1 §4 returnUrl. */
export const LoginSearch = v.object({ returnUrl: v.optional(SearchText) });

/** /myAccount: spec 1 §2 passwordExpired=true opens password-change mode; anything else is ignored. */
export const MyAccountSearch = v.object({
  passwordExpired: v.fallback(v.optional(v.boolean()), undefined),
});
