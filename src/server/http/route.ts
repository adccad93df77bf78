import type { Context, Hono } from 'hono';
import * as v from 'valibot';
import {
  CONTROL_CHARACTERS,
  CONTROL_CHARACTERS_MESSAGE,
  IDEMPOTENCY_HEADER,
  toErrorBody,
  TWO_FACTOR_MESSAGES,
  type Endpoint,
  type RoleName,
} from '../../contract';
import { hasRole, type DerivedFlags } from '../../lib/permissions';
import type { Session } from '../auth/session';
import { isSetupRequired } from '../auth/totp';
import type { Database } from '../db/client';
import { DEFAULT_MAX_BODY_BYTES, readBodyWithin } from './body-limit';
import type { AppDeps } from './deps';
import { ERROR_MESSAGES, errorResponse, jsonResponse } from './errors';
import { runIdempotent } from './idempotency';
import { normalizedPath, originalPathname, pathParams, routePattern, serverPath } from './paths';
import type { RouteDoc, RouteDocFields } from './route-doc';
import '../ops/request-context';

/** The session type lives in auth/session.ts (the areas' rules read it there); routes may take it from here with route(). */
export type { Session } from '../auth/session';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** required: 401 without a valid token; optional: the user when there is one; none: never looks. */
export type AuthMode = 'required' | 'optional' | 'none';

type Schema = v.GenericSchema;
type Parsed<S, Fallback> = S extends Schema ? v.InferOutput<S> : Fallback;

export interface RouteContext<P, Q, B, A extends AuthMode> {
  c: Context;
  /**
   * The request's database handle: on writes a transaction, so use this one and no other (on PGlite
   * a query outside the open transaction waits for it forever).
   */
  db: Database;
  deps: Omit<AppDeps, 'db'>;
  session: A extends 'required' ? Session : Session | null;
  params: P;
  query: Q;
  body: B;
}

/**
 * An entry of the contract's `paths`: a fixed endpoint, or a template whose `:name` segments are path parameters
 * (paths.portalMetadata: /service/hxstatus/:retailerNumber). Only the tests' probe routes write their own.
 */
export type RouteEndpoint = Endpoint | { readonly template: Endpoint };

export interface RouteDeclaration<PS, QS, BS, A extends AuthMode> extends RouteDocFields {
  method: Method;
  endpoint: RouteEndpoint;
  auth?: A;
  /** The user needs at least one of these roles. */
  roles?: readonly RoleName[];
  /** The user needs this derived flag (lib/permissions). */
  flag?: keyof DerivedFlags;
  /** The message of the 403 when `roles` or `flag` refuse, where the spec words it (ERROR_MESSAGES.forbidden otherwise). */
  forbidden?: string;
  /**
   * The retailerNumber (or plantNumber) of the request — path, then query, then body — must be one of
   * the user's retailers (or, for plant users, facilities).
   */
  scope?: 'retailer' | 'plant';
  params?: PS;
  query?: QS;
  body?: BS;
  /**
   * Open to a user whose role requires two-factor sign-in before it is set up (REQUIRE_2FA_ROLES): its setup, the
   * profile, My Account and sign-out. Every other route answers them 403 until it is on.
   */
  beforeTwoFactorSetup?: boolean;
  /** Non-GET routes need an Idempotency-Key from a signed-in user unless this is false (login). */
  idempotent?: boolean;
  maxBodyBytes?: number;
  handle: (
    ctx: RouteContext<Parsed<PS, Record<string, string>>, Parsed<QS, Record<string, string>>, Parsed<BS, undefined>, A>,
  ) => Response | Promise<Response>;
}

export interface RouteDefinition {
  method: Method;
  /** The endpoint the route was declared with (for a template, its `template`). */
  endpoint: Endpoint;
  path: string;
  mount: (app: Hono, deps: AppDeps) => void;
  /** Its entry in the API reference (server/openapi). */
  doc: RouteDoc;
  /** The area it belongs to (routes/index.ts): the reference groups routes by it. */
  area?: string;
}

export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

const SCOPE_FIELDS = { retailer: 'retailerNumber', plant: 'plantNumber' } as const;

/** A step of the request pipeline: the value, or the error answer that ends the request. */
type Outcome = { ok: true; value: unknown } | { ok: false; response: Response };

/**
 * The signed-in user of the request, or null. The signature is checked without the database; then one
 * indexed query answers revocation (one by one, or by the user's token cutoff), deactivation and the profile
 * version, and the profile comes from the app's session cache unless it changed.
 */
async function authenticate(c: Context, deps: AppDeps): Promise<Session | null> {
  const match = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '');
  if (!match?.[1]) return null;
  const claims = await deps.tokens.verifySignature(match[1]);
  if (!claims) return null;
  const profile = await deps.sessions.signedIn(Number(claims.sub), claims);
  if (!profile) return null;
  return { user: profile.user, flags: profile.flags, claims };
}

/** Deeper than any body of the contract; a deeper one is refused before anything walks it. */
const MAX_INPUT_DEPTH = 32;

/**
 * One rule for every input of the API (issue 14): no string or key holds a control character other than tab and
 * line breaks (PostgreSQL text cannot store NUL, and no field has a use for the others), and no input nests deeper
 * than MAX_INPUT_DEPTH. Walked without recursion, so no body can exhaust the stack. Answers the 400 or null.
 */
function refuseUnsafeInput(input: unknown, where: string): Response | null {
  const refuse = (message: string, path: string) => {
    const field = path || `(${where})`;
    return jsonResponse(400, { message: `${message} (${field})`, field });
  };
  const pending: [unknown, string, number][] = [[input, '', 0]];
  while (pending.length) {
    const [value, path, depth] = pending.pop()!;
    if (typeof value === 'string') {
      if (CONTROL_CHARACTERS.test(value)) return refuse(CONTROL_CHARACTERS_MESSAGE, path);
    } else if (value && typeof value === 'object') {
      if (depth >= MAX_INPUT_DEPTH) return refuse('Nested too deeply.', path);
      for (const [key, child] of Object.entries(value)) {
        if (CONTROL_CHARACTERS.test(key)) return refuse(CONTROL_CHARACTERS_MESSAGE, path);
        pending.push([child, path ? `${path}.${key}` : key, depth + 1]);
      }
    }
  }
  return null;
}

function parse(schema: Schema | undefined, input: unknown, where: string): Outcome {
  const unsafe = refuseUnsafeInput(input, where);
  if (unsafe) return { ok: false, response: unsafe };
  if (!schema) return { ok: true, value: input };
  const result = v.safeParse(schema, input);
  return result.success ? { ok: true, value: result.output } : { ok: false, response: jsonResponse(400, toErrorBody(result.issues)) };
}

async function readJsonBody(c: Context, maxBytes: number): Promise<Outcome> {
  const declared = Number(c.req.header('content-length') ?? 0);
  if (declared > maxBytes) return { ok: false, response: errorResponse(413, ERROR_MESSAGES.bodyTooLarge) };
  // Read no further than the limit, whatever Content-Length said (a chunked body declares none): the rest is
  // discarded before the 413 goes (http/body-limit.ts drainUnreadBody).
  const chunks = await readBodyWithin(c.req.raw, maxBytes);
  if (!chunks) return { ok: false, response: errorResponse(413, ERROR_MESSAGES.bodyTooLarge) };
  const text = new TextDecoder().decode(Buffer.concat(chunks));
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, response: errorResponse(400, ERROR_MESSAGES.invalidJson) };
  }
}

function scopeValue(field: string, ...sources: unknown[]): string | undefined {
  for (const source of sources) {
    if (source && typeof source === 'object' && field in source) {
      const value = (source as Record<string, unknown>)[field];
      if (value !== undefined && value !== null) return String(value);
    }
  }
  return undefined;
}

function outOfScope(session: Session, scope: 'retailer' | 'plant', value: string): string | null {
  if (scope === 'retailer') {
    const mine = session.user.availableRetailers.some((retailer) => retailer.retailerNumber === value);
    return mine ? null : `Retailer ${value} is not one of your retail centers.`;
  }
  // Plant scope limits plant users to their facilities (spec 2 §2); others are limited by retailer.
  if (!session.user.isPlantUser) return null;
  const mine = session.user.availablePlants.some((plant) => plant.plantNumber === value);
  return mine ? null : `Facility ${value} is not one of your facilities.`;
}

/** Whether the session has one of the declaration's roles and its flag (what a route checks before anything else). */
export const permits = (session: Session, declaration: Pick<RouteDeclaration<unknown, unknown, unknown, 'required'>, 'roles' | 'flag'>) =>
  (!declaration.roles || hasRole(session.user, ...declaration.roles)) && (!declaration.flag || session.flags[declaration.flag]);

/**
 * Declares one endpoint: who may call it, how its input is parsed, and what it does. Checks run in
 * this order, all before the handler: 401 token → 403 roles/flag → 400 params, query, body →
 * 403 retailer/plant scope → Idempotency-Key (writes) → handler. Every endpoint is declared this way.
 */
export function route<
  PS extends Schema | undefined = undefined,
  QS extends Schema | undefined = undefined,
  BS extends Schema | undefined = undefined,
  A extends AuthMode = 'required',
>(declaration: RouteDeclaration<PS, QS, BS, A>): RouteDefinition {
  const endpoint = 'template' in declaration.endpoint ? declaration.endpoint.template : declaration.endpoint;
  const path = serverPath(endpoint);
  const auth: AuthMode = declaration.auth ?? 'required';
  const isWrite = declaration.method !== 'GET';
  const idempotent = isWrite && declaration.idempotent !== false;
  const maxBodyBytes = declaration.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  if (auth !== 'required' && (declaration.roles || declaration.flag || declaration.scope)) {
    throw new Error(`${declaration.method} ${path}: roles, flag and scope need auth 'required'`);
  }

  const handler = async (c: Context, deps: AppDeps): Promise<Response> => {
    c.set('routePattern', path);
    c.set('bodyLimit', maxBodyBytes);
    const session = auth === 'none' ? null : await authenticate(c, deps);
    if (auth === 'required' && !session) return errorResponse(401, ERROR_MESSAGES.unauthorized);
    if (session) c.set('userId', session.user.cmhUserId);

    if (session && !declaration.beforeTwoFactorSetup && isSetupRequired(deps.twoFactor, session))
      return errorResponse(403, TWO_FACTOR_MESSAGES.setupRequired);
    if (session && !permits(session, declaration)) return errorResponse(403, declaration.forbidden ?? ERROR_MESSAGES.forbidden);

    const params = parse(declaration.params, pathParams(path, originalPathname(c.req.raw)), 'path');
    if (!params.ok) return params.response;
    const query = parse(declaration.query, c.req.query(), 'query');
    if (!query.ok) return query.response;
    let body: Outcome = { ok: true, value: undefined };
    if (declaration.body) {
      const raw = await readJsonBody(c, maxBodyBytes);
      if (!raw.ok) return raw.response;
      body = parse(declaration.body, raw.value, 'body');
      if (!body.ok) return body.response;
    }

    if (session && declaration.scope) {
      const field = SCOPE_FIELDS[declaration.scope];
      const value = scopeValue(field, params.value, query.value, body.value);
      if (value === undefined)
        throw new Error(`${declaration.method} ${path}: scope '${declaration.scope}' but no ${field} in the request`);
      const refusal = outOfScope(session, declaration.scope, value);
      if (refusal) return errorResponse(403, refusal);
    }

    const run = async (db: Database) =>
      declaration.handle({
        c,
        db,
        deps,
        session: session as RouteContext<never, never, never, A>['session'],
        params: params.value as never,
        query: query.value as never,
        body: body.value as never,
      });

    if (!isWrite) return run(deps.db);
    const key = c.req.header(IDEMPOTENCY_HEADER);
    if (idempotent && key !== undefined) {
      if (!IDEMPOTENCY_KEY_PATTERN.test(key)) return errorResponse(400, ERROR_MESSAGES.idempotencyKeyInvalid);
      const request = { userId: session?.user.cmhUserId ?? null, key, method: declaration.method, path: normalizedPath(c.req.raw) };
      return runIdempotent(deps.db, request, run);
    }
    if (idempotent && session) return errorResponse(400, ERROR_MESSAGES.idempotencyKeyRequired);
    return deps.db.transaction((tx) => run(tx));
  };

  return {
    method: declaration.method,
    endpoint,
    path,
    doc: {
      summary: declaration.summary,
      description: declaration.description,
      auth: declaration.docAuth ?? auth,
      roles: declaration.roles,
      flag: declaration.flag,
      scope: declaration.scope,
      params: declaration.params,
      query: declaration.query,
      body: declaration.body,
      rawBody: declaration.rawBody,
      idempotent,
      maxBodyBytes: declaration.body || declaration.rawBody ? maxBodyBytes : undefined,
      answer: declaration.answer,
      errors: declaration.errors,
    },
    mount: (app, deps) => {
      app.on(declaration.method, routePattern(path), (c) => handler(c, deps));
    },
  };
}
