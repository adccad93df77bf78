import { PASSWORD_SYMBOLS } from '../contract';

/** The rules of the contract's Password (spec 1 §5 My Account), as help text under a new-password field. */
export const PASSWORD_RULES = `At least 8 characters, with an upper-case letter, a lower-case letter, a digit and one of ${PASSWORD_SYMBOLS.split('').join(' ')}`;
