import { ROLE_NAMES, type RoleName } from '../../contract';

/*
 * Two-factor sign-in's configuration (issue 33 §2): TOTP_ENCRYPTION_KEY seals the TOTP secrets at rest, and
 * REQUIRE_2FA_ROLES names the roles that must have it. Both are in the README's "Deploying" and checked at start.
 */

export interface TwoFactorConfig {
  /** TOTP_ENCRYPTION_KEY: 32 bytes (AES-256-GCM); null when unset. */
  encryptionKey: Buffer | null;
  /**
   * Without TOTP_ENCRYPTION_KEY, demo mode seals secrets under a key derived from the token secret; production refuses
   * to turn two-factor sign-in on instead (a key kept beside the data it protects protects nothing).
   */
  mode: 'demo' | 'production';
  /** REQUIRE_2FA_ROLES: a user with one of these roles and no TOTP can open only its setup. */
  requiredRoles: readonly RoleName[];
}

export const DEFAULT_TWO_FACTOR_CONFIG: TwoFactorConfig = { encryptionKey: null, mode: 'demo', requiredRoles: [] };

export const KEY_MISSING_MESSAGE =
  'Two-factor sign-in cannot be turned on: the server has no TOTP_ENCRYPTION_KEY to keep the setup keys encrypted. Ask your operator to set it.';

/** TOTP_ENCRYPTION_KEY: 32 bytes written as 64 hexadecimal digits or in base64 (`openssl rand -base64 32`). */
export function parseTotpKey(raw: string | undefined): Buffer | null {
  const text = raw?.trim();
  if (!text) return null;
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== 32 || (!/^[0-9a-f]{64}$/i.test(text) && !/^[A-Za-z0-9+/_-]{43}=?$/.test(text)))
    throw new Error('TOTP_ENCRYPTION_KEY must be 32 bytes: 64 hexadecimal digits, or base64 such as `openssl rand -base64 32` prints');
  return key;
}

/** REQUIRE_2FA_ROLES: role names separated by commas; an unknown name stops the start. */
export function parseRequiredRoles(raw: string | undefined): RoleName[] {
  const names = (raw ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const known: readonly string[] = ROLE_NAMES;
  const unknown = names.filter((name) => !known.includes(name));
  if (unknown.length) throw new Error(`REQUIRE_2FA_ROLES names unknown roles: ${unknown.join(', ')} (roles are like Rtl_Admin)`);
  return [...new Set(names)] as RoleName[];
}

export function twoFactorConfigFromEnv(env: NodeJS.ProcessEnv, mode: 'demo' | 'production'): TwoFactorConfig {
  return { encryptionKey: parseTotpKey(env.TOTP_ENCRYPTION_KEY), mode, requiredRoles: parseRequiredRoles(env.REQUIRE_2FA_ROLES) };
}

/** Whether a role of the user requires two-factor sign-in and it is not on. */
export const twoFactorSetupRequired = (
  user: { roles: readonly string[]; twoFactorEnabled?: boolean },
  config: Pick<TwoFactorConfig, 'requiredRoles'>,
) => !user.twoFactorEnabled && user.roles.some((role) => (config.requiredRoles as readonly string[]).includes(role));
