import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { KEY_MISSING_MESSAGE, type TwoFactorConfig } from './totp-config';

/*
 * TOTP secrets at rest (issue 33 §2): AES-256-GCM under TOTP_ENCRYPTION_KEY. A sealed secret names its key by a short
 * fingerprint, so a secret sealed under another key (the key changed, or demo mode's derived key) is told apart from a
 * damaged one and reported as unreadable rather than as a wrong code.
 */

export interface TotpKeys {
  /** The key new secrets are sealed under, or null: two-factor sign-in cannot be turned on (why: `unavailable`). */
  sealing: { id: string; key: Buffer } | null;
  /** Every key a stored secret may be sealed under, by id. */
  byId: ReadonlyMap<string, Buffer>;
  unavailable: string | null;
}

const fingerprint = (key: Buffer) => createHash('sha256').update(key).digest('base64url').slice(0, 8);

/** The keys of an app: TOTP_ENCRYPTION_KEY; in demo mode without it, one derived from the token secret. */
export function totpKeysOf(config: TwoFactorConfig, tokenSecret: string): TotpKeys {
  const derived = Buffer.from(hkdfSync('sha256', tokenSecret, 'homesite', 'totp secrets (demo mode)', 32));
  const byId = new Map<string, Buffer>();
  if (config.encryptionKey) byId.set(fingerprint(config.encryptionKey), config.encryptionKey);
  if (config.mode === 'demo') byId.set(`d${fingerprint(derived)}`, derived);
  const sealing = config.encryptionKey
    ? { id: fingerprint(config.encryptionKey), key: config.encryptionKey }
    : config.mode === 'demo'
      ? { id: `d${fingerprint(derived)}`, key: derived }
      : null;
  return { sealing, byId, unavailable: sealing ? null : KEY_MISSING_MESSAGE };
}

/** `v1.<key id>.<iv|tag|ciphertext, base64url>` */
export function sealSecret(keys: TotpKeys, secret: string): string {
  if (!keys.sealing) throw new Error(KEY_MISSING_MESSAGE);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keys.sealing.key, iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `v1.${keys.sealing.id}.${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url')}`;
}

/** The secret, or null when no key of this server opens it. */
export function unsealSecret(keys: TotpKeys, sealed: string): string | null {
  const [version, id, body] = sealed.split('.');
  const key = id === undefined ? undefined : keys.byId.get(id);
  if (version !== 'v1' || !key || !body) return null;
  try {
    const bytes = Buffer.from(body, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
