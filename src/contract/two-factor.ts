import * as v from 'valibot';
import { Account } from './session';
import { Timestamp } from './common';

/*
 * Two-factor sign-in with TOTP (issue 33 §2): setting it up in My Account, the code step after the password, and the
 * administrator's reset. Paths are in paths.ts.
 */

/** The page a user whose role requires two-factor sign-in (REQUIRE_2FA_ROLES) is sent to until it is set up. */
export const TWO_FACTOR_SETUP_PATH = '/two-factor-setup';

export const RECOVERY_CODE_COUNT = 10;

export const TWO_FACTOR_MESSAGES = {
  codeRequired: 'Enter the code.',
  codeFormat: 'Enter the 6-digit code from your authenticator app, or a recovery code.',
  totpOnly: 'Enter the 6-digit code from your authenticator app.',
  wrongCode: 'The code is incorrect.',
  codeReused: 'That code has been used already. Wait for the next code in your app.',
  challengeExpired: 'Your sign-in has timed out. Sign in again with your password.',
  alreadyOn: 'Two-factor sign-in is already on.',
  notOn: 'Two-factor sign-in is not on.',
  noSetup: 'Start the setup again: no setup key is waiting to be confirmed.',
  requiredByRole: 'Your role requires two-factor sign-in: it cannot be turned off.',
  setupRequired: 'Set up two-factor sign-in first: your role requires it.',
  wrongPassword: 'The password is incorrect.',
  secretUnreadable:
    'Two-factor sign-in cannot be checked: the server can no longer read your setup key (its TOTP_ENCRYPTION_KEY changed). Ask your administrator to reset your two-factor sign-in.',
} as const;

/** A 6-digit TOTP code or a recovery code; spaces and hyphens are ignored. */
export const TwoFactorCode = v.pipe(
  v.string(TWO_FACTOR_MESSAGES.codeRequired),
  v.maxLength(64, TWO_FACTOR_MESSAGES.codeFormat),
  v.transform((code) => code.replace(/[\s-]/g, '').toLowerCase()),
  v.nonEmpty(TWO_FACTOR_MESSAGES.codeRequired),
  v.regex(/^(?:\d{6}|[a-z2-7]{16})$/, TWO_FACTOR_MESSAGES.codeFormat),
);

/** Whether a (parsed) code is a TOTP code rather than a recovery code. */
export const isTotpCode = (code: string) => /^\d{6}$/.test(code);

/**
 * The token endpoint's answer when the user has two-factor sign-in on: no session, a short-lived signed challenge
 * that POST {auth}/api/Account/TwoFactor/Verify takes with the code.
 */
export const TwoFactorChallenge = v.object({
  twoFactor: v.literal('code'),
  challenge: v.string(),
  expiresAt: Timestamp,
});
export type TwoFactorChallenge = v.InferOutput<typeof TwoFactorChallenge>;

/** POST {auth}/api/Account/Token (and SetPassword): a session, or the code step's challenge. */
export const SignInAnswer = v.union([Account, TwoFactorChallenge]);
export type SignInAnswer = v.InferOutput<typeof SignInAnswer>;

export const isTwoFactorChallenge = (answer: SignInAnswer): answer is TwoFactorChallenge => 'challenge' in answer;

/** POST {auth}/api/Account/TwoFactor/Verify: the challenge and a code, for the session. */
export const TwoFactorVerifyBody = v.object({
  challenge: v.pipe(v.string(TWO_FACTOR_MESSAGES.challengeExpired), v.nonEmpty(TWO_FACTOR_MESSAGES.challengeExpired), v.maxLength(2000)),
  code: TwoFactorCode,
});
export type TwoFactorVerifyBody = v.InferOutput<typeof TwoFactorVerifyBody>;

/** GET {auth}/api/Account/TwoFactor: the signed-in user's two-factor sign-in. */
export const TwoFactorStatus = v.object({
  enabled: v.boolean(),
  enabledAt: v.nullable(Timestamp),
  /** Recovery codes not yet used. */
  recoveryCodesLeft: v.number(),
  /** A role of the user requires it (REQUIRE_2FA_ROLES): it cannot be turned off. */
  required: v.boolean(),
  /** Why it cannot be turned on here (production without TOTP_ENCRYPTION_KEY); null when it can. */
  unavailable: v.nullable(v.string()),
});
export type TwoFactorStatus = v.InferOutput<typeof TwoFactorStatus>;

/** POST {auth}/api/Account/TwoFactor/Setup: a new setup key, waiting to be confirmed with a code. */
export const TwoFactorSetup = v.object({
  /** Base32, for typing into an app. */
  secret: v.string(),
  otpauthUrl: v.string(),
  /** The otpauth URL as a QR code: a data: URL of an SVG image. */
  qrCode: v.string(),
});
export type TwoFactorSetup = v.InferOutput<typeof TwoFactorSetup>;

/** The setup key in groups of 4 characters, for typing. */
export const groupSetupKey = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? '';

/** POST {auth}/api/Account/TwoFactor/Enable and …/RecoveryCodes: a code from the app. */
export const TwoFactorCodeBody = v.object({ code: TwoFactorCode });
export type TwoFactorCodeBody = v.InferOutput<typeof TwoFactorCodeBody>;

/** Shown once: each works once, in place of a code. */
export const RecoveryCodes = v.object({ recoveryCodes: v.array(v.string()) });
export type RecoveryCodes = v.InferOutput<typeof RecoveryCodes>;

/** POST {auth}/api/Account/TwoFactor/Disable: the password and a code (or a recovery code). */
export const TwoFactorDisableBody = v.object({
  password: v.pipe(v.string('Password is required.'), v.nonEmpty('Password is required.'), v.maxLength(200)),
  code: TwoFactorCode,
});
export type TwoFactorDisableBody = v.InferOutput<typeof TwoFactorDisableBody>;

/** POST {api}/api/User/TwoFactorReset: an administrator turns a user's two-factor sign-in off (the user is mailed). */
export const TwoFactorResetBody = v.object({ cmhUserId: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2_147_483_647)) });
export type TwoFactorResetBody = v.InferOutput<typeof TwoFactorResetBody>;
