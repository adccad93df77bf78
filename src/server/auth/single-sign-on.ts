import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import * as client from 'openid-client';
import { noHomeSiteUserMessage } from '../../contract';
import { isLoopbackHost, type SingleSignOnConfig } from './oidc-config';

/*
 * The relying party of single sign-on (issue 33 §1): OpenID Connect's authorization code flow with PKCE, `state` and
 * `nonce`, through openid-client (OpenID Certified). What a flow needs between the start and the callback travels in
 * a sealed cookie (AES-256-GCM under a key derived from the token secret), so that any instance behind the proxy can
 * take the callback; which states were used is in the database (routes/single-sign-on.ts), so that a callback
 * replayed with its cookie is refused.
 */

/** How long the user has at the provider between the start and the callback. */
export const FLOW_TTL_MS = 10 * 60_000;
/** How long the page the callback opens has to post its code. */
export const OUTCOME_TTL_MS = 2 * 60_000;
/** The provider's metadata is asked again after this long (its keys are fetched again by openid-client as they rotate). */
const DISCOVERY_TTL_MS = 60 * 60_000;
const PROVIDER_TIMEOUT_SECONDS = 15;

/** What the flow's cookie holds. `exp` is epoch milliseconds. */
export interface FlowState {
  state: string;
  nonce: string;
  verifier: string;
  returnUrl: string | null;
  exp: number;
}

/** What the callback hands the page, sealed into the one-time code: a user to open a session for, or a refusal. */
export type Outcome =
  | { kind: 'signed-in'; userId: number; jti: string; returnUrl: string | null; exp: number }
  | { kind: 'refused'; message: string; exp: number };

type Purpose = 'flow' | 'outcome';

export type SealKey = Buffer;
export const sealKeyOf = (tokenSecret: string): SealKey => Buffer.from(hkdfSync('sha256', tokenSecret, 'homesite', 'single sign-on', 32));

/** iv | tag | ciphertext, base64url; the purpose is authenticated too, so a flow cookie is never taken as a code. */
export function seal(key: SealKey, purpose: Purpose, value: FlowState | Outcome): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(purpose));
  const sealed = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/** The value, or null when it was not sealed by this server for this purpose, or has expired. */
export function unseal<T extends FlowState | Outcome>(key: SealKey, purpose: Purpose, text: string | undefined, now: Date): T | null {
  if (!text || !/^[A-Za-z0-9_-]+$/.test(text)) return null;
  let value: T;
  try {
    const bytes = Buffer.from(text, 'base64url');
    if (bytes.length < 29) return null;
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
    decipher.setAAD(Buffer.from(purpose));
    decipher.setAuthTag(bytes.subarray(12, 28));
    value = JSON.parse(Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8')) as T;
  } catch {
    return null;
  }
  return typeof value.exp === 'number' && value.exp > now.getTime() ? value : null;
}

/** Whether the state the provider sent back is the flow's, in constant time. */
export function sameState(flow: FlowState, received: string | undefined): boolean {
  if (received === undefined) return false;
  const a = createHash('sha256').update(flow.state).digest();
  const b = createHash('sha256').update(received).digest();
  return timingSafeEqual(a, b);
}

/** The key a used state is remembered by (revoked_tokens.jti): its hash, never the state itself. */
export const usedStateKey = (state: string) => `oidc-state:${createHash('sha256').update(state).digest('base64url')}`;
export const usedOutcomeKey = (jti: string) => `oidc-session:${jti}`;

/* ---- the provider ---- */

const providers = new WeakMap<SingleSignOnConfig, { at: number; configuration: Promise<client.Configuration> }>();

/**
 * openid-client refuses plain http. A provider on this machine (the tests' own, on 127.0.0.1) is let through: only
 * when the issuer is a loopback http:// address, which config refuses for anything else (oidc-config.ts parseIssuer).
 */
const isLoopbackHttp = (issuer: URL) => issuer.protocol === 'http:' && isLoopbackHost(issuer.hostname);

async function discover(config: SingleSignOnConfig): Promise<client.Configuration> {
  const issuer = new URL(config.issuer);
  const insecure = isLoopbackHttp(issuer);
  // client_secret_basic unless the provider says it takes only client_secret_post (absent, the list means basic).
  const discovered = await client.discovery(issuer, config.clientId, config.clientSecret, client.ClientSecretBasic(config.clientSecret), {
    timeout: PROVIDER_TIMEOUT_SECONDS,
    ...(insecure ? { execute: [client.allowInsecureRequests] } : {}),
  });
  const methods = discovered.serverMetadata().token_endpoint_auth_methods_supported;
  let configuration = discovered;
  if (methods && !methods.includes('client_secret_basic') && methods.includes('client_secret_post')) {
    configuration = new client.Configuration(
      discovered.serverMetadata(),
      config.clientId,
      config.clientSecret,
      client.ClientSecretPost(config.clientSecret),
    );
    if (insecure) client.allowInsecureRequests(configuration);
  }
  configuration.timeout = PROVIDER_TIMEOUT_SECONDS;
  return configuration;
}

/** The provider's configuration, discovered once an hour per app configuration; a failed discovery is tried again next time. */
export function providerOf(config: SingleSignOnConfig, now = Date.now()): Promise<client.Configuration> {
  const known = providers.get(config);
  if (known && now - known.at < DISCOVERY_TTL_MS) return known.configuration;
  const configuration = discover(config);
  const entry = { at: now, configuration };
  providers.set(config, entry);
  configuration.catch(() => {
    if (providers.get(config) === entry) providers.delete(config);
  });
  return configuration;
}

/** A new flow: its sealed state for the cookie, and the provider's authorization URL to send the browser to. */
export async function beginFlow(config: SingleSignOnConfig, returnUrl: string | null, now: Date) {
  const configuration = await providerOf(config);
  const verifier = client.randomPKCECodeVerifier();
  const flow: FlowState = {
    state: client.randomState(),
    nonce: client.randomNonce(),
    verifier,
    returnUrl,
    exp: now.getTime() + FLOW_TTL_MS,
  };
  const location = client.buildAuthorizationUrl(configuration, {
    redirect_uri: config.redirectUri,
    scope: 'openid email profile',
    response_type: 'code',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state: flow.state,
    nonce: flow.nonce,
  });
  return { flow, location: location.href };
}

/** Why a callback is refused (the audit event's details.reason). */
export type Refusal =
  | 'no-flow'
  | 'state-mismatch'
  | 'state-used'
  | 'provider-error'
  | 'code-refused'
  | 'nonce'
  | 'audience'
  | 'id-token'
  | 'unavailable'
  | 'no-email'
  | 'email-unverified'
  | 'unknown-user'
  | 'inactive';

export type Verified = { ok: true; email: string; subject: string } | { ok: false; reason: Refusal; detail?: string; email?: string };

/** The claim an ID token check failed on (oauth4webapi puts it on the cause of openid-client's error). */
function failedClaim(error: unknown): string | undefined {
  for (let cause: unknown = error, depth = 0; cause && depth < 5; depth++) {
    const claim = (cause as { claim?: unknown }).claim;
    if (typeof claim === 'string') return claim;
    cause = (cause as { cause?: unknown }).cause;
  }
  return undefined;
}

function refusalOf(error: unknown): Verified {
  if (error instanceof client.AuthorizationResponseError) return { ok: false, reason: 'provider-error', detail: error.error };
  if (error instanceof client.ResponseBodyError) return { ok: false, reason: 'code-refused', detail: error.error };
  if (error instanceof client.ClientError) {
    if (error.code === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED') {
      const claim = failedClaim(error);
      if (claim === 'nonce') return { ok: false, reason: 'nonce' };
      if (claim === 'aud' || claim === 'azp') return { ok: false, reason: 'audience' };
    }
    if (error.code === 'OAUTH_TIMEOUT' || error.code === 'OAUTH_RESPONSE_IS_NOT_CONFORM')
      return { ok: false, reason: 'unavailable', detail: error.message };
    return { ok: false, reason: 'id-token', detail: error.message };
  }
  // fetch's own failure (refused connection, DNS): the provider could not be reached.
  if (error instanceof TypeError) return { ok: false, reason: 'unavailable', detail: error.message };
  throw error;
}

const isVerified = (value: unknown) => value === true || value === 'true';

/**
 * The callback's check: the provider's answer for this flow (state already compared and spent by the caller), the
 * code exchanged with the PKCE verifier, the ID token's signature, issuer, audience, nonce and times checked by
 * openid-client; then the e-mail address from the ID token, or from the userinfo endpoint when the ID token lacks it.
 */
export async function finishFlow(config: SingleSignOnConfig, flow: FlowState, callbackQuery: string): Promise<Verified> {
  try {
    const configuration = await providerOf(config);
    // The redirect URI as registered, whatever address this instance was reached at behind the proxy.
    const currentUrl = new URL(config.redirectUri);
    currentUrl.search = callbackQuery;
    const tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims();
    if (!idClaims) return { ok: false, reason: 'id-token', detail: 'no ID token' };
    let claims: Record<string, unknown> = idClaims;
    const lacksVerification = !config.trustUnverifiedEmail && !('email_verified' in idClaims);
    if (!(config.emailClaim in idClaims) || lacksVerification) {
      // The userinfo endpoint answers for the same subject (openid-client checks it): its claims, where it has them.
      const userInfo = await client.fetchUserInfo(configuration, tokens.access_token, idClaims.sub);
      claims = { ...idClaims, ...userInfo };
    }
    const email = claims[config.emailClaim];
    if (typeof email !== 'string' || !/^[^\s@]+@[^\s@]+$/.test(email.trim())) return { ok: false, reason: 'no-email' };
    const address = email.trim().toLowerCase();
    if (!config.trustUnverifiedEmail && !isVerified(claims.email_verified))
      return { ok: false, reason: 'email-unverified', email: address };
    return { ok: true, email: address, subject: idClaims.sub };
  } catch (error) {
    return refusalOf(error);
  }
}

/** What the sign-in page says of a refusal. */
export function refusalMessage(config: SingleSignOnConfig, verified: Extract<Verified, { ok: false }>): string {
  const label = config.label;
  switch (verified.reason) {
    case 'no-flow':
      return `This sign-in with ${label} was not started on this device, or took longer than ${FLOW_TTL_MS / 60_000} minutes. Please sign in again.`;
    case 'state-mismatch':
      return `The answer from ${label} does not belong to the sign-in started on this device (its state does not match). Please sign in again.`;
    case 'state-used':
      return `This answer from ${label} has been used already. Please sign in again.`;
    case 'provider-error':
      return `${label} did not sign you in (${verified.detail ?? 'no reason given'}). Please try again.`;
    case 'code-refused':
      return `${label} refused this sign-in's code (it may have been used already). Please sign in again.`;
    case 'nonce':
      return `The ID token from ${label} is not for this sign-in (its nonce does not match). Please sign in again.`;
    case 'audience':
      return `The ID token from ${label} was issued for another application. Please sign in again, or ask your administrator to check the single sign-on settings.`;
    case 'id-token':
      return `The ID token from ${label} could not be verified. Please sign in again.`;
    case 'unavailable':
      return `${label} cannot be reached just now. Please try again in a moment.`;
    case 'no-email':
      return `${label} did not tell HomeSite your e-mail address (the "${config.emailClaim}" claim). Ask your administrator.`;
    case 'email-unverified':
      return `${label} has not verified the e-mail address ${verified.email ?? ''}. Ask your administrator.`;
    case 'unknown-user':
    case 'inactive':
      return noHomeSiteUserMessage(verified.email ?? '');
  }
}
