import * as v from 'valibot';
import type { RoleName } from '../../contract';
import type { DerivedFlags } from '../../lib/permissions';

/*
 * What a route tells the API reference (server/openapi): declared next to the route itself (route() in route.ts, or by
 * hand where a route is not declared with it), so that the reference is made from the routes the server mounts and
 * cannot drift from them. Schemas are the contract's valibot schemas; the reference shows their wire form (the input a
 * parse takes), which is what a client sends and what the server answers.
 */

type Schema = v.GenericSchema;

/** The success answer of a route. A bare schema means 200 with that JSON body. */
export interface AnswerDoc {
  /** Default 200. 302: a redirect (a step of a browser's sign-in), no body; where to is in Location. */
  status?: 200 | 201 | 204 | 302;
  description?: string;
  /** The JSON body. */
  schema?: Schema;
  /** A body other than JSON (a PDF, an image, CSV, an event stream), or the types it may be; `schema` describes it, if anything does. */
  contentType?: string | readonly string[];
  /** Answered with an ETag; If-None-Match naming it is answered 304. */
  etag?: boolean;
  /** Single byte ranges (Range → 206, outside the file → 416). */
  ranges?: boolean;
  /**
   * A list kept on devices (contract/sync.ts): a plain GET answers `schema` (by default an array of `row`) with
   * X-Sync-Cursor and an ETag; `?since=` answers a SyncPage of rows; `?page=` (where the query takes it) a SearchPage.
   */
  row?: Schema;
}

export type Answer = Schema | AnswerDoc;

/** The 201 of a write that stores a record the client does not read back: its id. */
export const CreatedId = v.object({ id: v.number() });

/** A request body other than JSON (a file upload). */
export interface RawBodyDoc {
  description: string;
  /** Each media type it takes, with its schema where one says more than "bytes". */
  content: Readonly<Record<string, { schema?: Schema } | undefined>>;
}

/**
 * Statuses a route answers besides those its declaration implies (400 for a bad input, 401, 403 for roles or scope, 413
 * for a body over its limit, the idempotency key's 400/422/503, 500): each with the error body, 409 with the record as
 * it is now (contract ConflictBody).
 */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 416 | 422 | 429 | 503;

/** An error answer whose body is not the plain error body (or whose meaning the default text misses). */
export interface ErrorDoc {
  status: ErrorStatus;
  description?: string;
  /** Default: contract ErrorBody. */
  schema?: Schema;
}

/**
 * `api-key`: an API key (`homesite apikey create`) as the bearer token, not a user's session. `metrics-token`: the
 * operator's METRICS_TOKEN. `session-or-cookie`: a user's token as the bearer token or in the token cookie, checked by
 * the handler (media elements send no header).
 */
export type DocAuth = 'required' | 'optional' | 'none' | 'api-key' | 'metrics-token' | 'session-or-cookie';

export interface RouteDoc {
  summary?: string;
  description?: string;
  auth: DocAuth;
  roles?: readonly RoleName[];
  flag?: keyof DerivedFlags;
  scope?: 'retailer' | 'plant';
  params?: Schema;
  query?: Schema;
  /** The JSON body. */
  body?: Schema;
  /** A body that is not JSON. */
  rawBody?: RawBodyDoc;
  /** Takes (and, from a signed-in user, needs) an Idempotency-Key. */
  idempotent: boolean;
  maxBodyBytes?: number;
  answer?: Answer;
  errors?: readonly (ErrorStatus | ErrorDoc)[];
}

/** What a route declaration may add to its reference entry. */
export interface RouteDocFields {
  /** One line: what the route does. */
  summary?: string;
  /** More, when a line is not enough (Markdown). */
  description?: string;
  answer?: Answer;
  errors?: readonly (ErrorStatus | ErrorDoc)[];
  /** A body that is not JSON, read by the handler itself. */
  rawBody?: RawBodyDoc;
  /** Who may call it, where the handler checks that itself (the declaration's `auth` is then 'none'). */
  docAuth?: DocAuth;
}
