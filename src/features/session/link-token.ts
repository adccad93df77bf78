/**
 * The token of the one-time link the set-password page was opened with. The route takes it out of the address at once
 * (so it is neither in the history nor sent as a Referer) and keeps it here, in memory only: a reload forgets it, and
 * the link has to be opened again. Spent once the password is set.
 */
export const linkTokenInMemory: { token: string | null } = { token: null };
