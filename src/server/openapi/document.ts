import * as v from 'valibot';
import * as contract from '../../contract';
import * as importContract from '../../contract/import';
import { cellJsonSchema } from '../../contract/import/cells';
import * as listRows from '../../contract/list-rows';
import {
  ConflictBody,
  DEFAULT_BASES,
  ErrorBody,
  IDEMPOTENCY_HEADER,
  MAX_SEARCH_PAGE,
  SEARCH_PAGE_SIZE,
  searchPageAnswer,
  SYNC_CURSOR_HEADER,
  SYNC_DEFAULT_LIMIT,
  SYNC_MAX_LIMIT,
  syncPageAnswer,
  TOKEN_COOKIE,
  type Endpoint,
} from '../../contract';
import type { DerivedFlags } from '../../lib/permissions';
import { REPLAYED_HEADER } from '../http/idempotency';
import type { Method } from '../http/route';
import type { AnswerDoc, ErrorDoc, ErrorStatus, RouteDoc } from '../http/route-doc';
import { IMPORT_KINDS } from '../import/kinds';
import { objectEntriesOf, SchemaRegistry } from './schemas';

/*
 * The OpenAPI 3.1 document of the server (GET {api}/openapi.json, docs/api.md): made from the routes the server mounts
 * and what each declares (http/route-doc.ts), with the contract's valibot schemas as its components.
 */

type Json = Record<string, unknown>;
type Schema = v.GenericSchema;

/** A route as the reference sees it: a RouteDefinition (http/route.ts), or one of the operator's endpoints. */
export interface DocumentedRoute {
  method: Method;
  /** As registered, with `:name` parameters (routes match it case-insensitively). */
  path: string;
  endpoint?: Endpoint;
  area?: string;
  doc: RouteDoc;
}

export interface Area {
  name: string;
  description: string;
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: Json & { title: string; version: string };
  paths: Record<string, Record<string, Json>>;
  components: Json & { schemas: Record<string, unknown> };
  [key: string]: unknown;
}

/** What each derived flag of a route means, in the roles it is made of (lib/permissions.ts deriveFlags). */
const FLAG_MEANINGS: Record<keyof DerivedFlags, string> = {
  isAdmin: 'role Rtl_Admin, and not a plant user',
  isServiceAdmin: 'role Service_User',
  isServiceViewer: 'role Service_User or Service_Viewer',
  isSalesUser: 'role Sales_User',
  isSalesViewer: 'role Sales_User or Sales_Viewer',
  isPriceViewer: 'role View_Pricing',
  isNpsViewer: 'role Nps_Viewer',
  isWarrantyAdmin: 'role Warranty_User',
  isLeadsAdmin: 'role Sales_Leads_Claim',
  isPartsCatalogChangeManager: 'role Parts_Catalog_Change_Admin',
  isEbeUser: 'role EBE_Driver_Manager',
  isProspectsUser: 'role Prospects_User',
  isMchAdmin: 'role MyCustomHomes_Admin',
  canViewRetailerManagement: 'role RetailerManagement',
  canViewQuoteApprovals: 'role MyCustomHomes_Quote_Approver or MyCustomHomes_OverrideApprover',
  canViewLeads: 'role Sales_Leads_Claim or Sales_Leads_Viewer, and a current retail center that is not company-owned',
  canViewNps: 'role Nps_Viewer, and a current retail center that is not company-owned',
  canViewMyAccount: 'not an internal user',
  canViewCustomerExperienceLearning: 'a plant user or a retailer user',
  canViewEnergyCreditsLearning: 'a plant user',
};

const SCOPE_MEANINGS = {
  retailer: 'the `retailerNumber` of the request (path, query or body) must be one of the user’s retail centers',
  plant: 'for a plant user, the `plantNumber` of the request must be one of the user’s facilities',
} as const;

const ERROR_RESPONSES: Record<ErrorStatus | 401 | 500, { name: string; description: string }> = {
  400: { name: 'BadRequest', description: 'The request is not valid: `message` says why, `field` names the first bad field.' },
  401: {
    name: 'Unauthorized',
    description: 'No valid credentials: the token is missing, expired or revoked (signed out, password changed, user deactivated).',
  },
  403: { name: 'Forbidden', description: 'The user lacks a role or flag the route needs, or the record is outside their scope.' },
  404: { name: 'NotFound', description: 'No such record, or none the user may see.' },
  409: {
    name: 'Conflict',
    description:
      'The record changed since it was read (a stale `rowVersion`), or is in a state that refuses this change: `current` is the record as it is now.',
  },
  410: { name: 'Gone', description: 'The link is used, expired or ended.' },
  413: { name: 'PayloadTooLarge', description: 'The request body is larger than the route takes.' },
  416: { name: 'RangeNotSatisfiable', description: 'The Range asked lies outside the file.' },
  422: { name: 'IdempotencyKeyReused', description: 'This Idempotency-Key was already used for a different request.' },
  429: { name: 'TooManyRequests', description: 'Too many attempts: try again after Retry-After seconds.' },
  500: { name: 'ServerError', description: 'Something went wrong on the server; `requestId` is what the server logged it under.' },
  503: {
    name: 'Unavailable',
    description: 'Not available now (a request with the same Idempotency-Key is still running): try again after Retry-After seconds.',
  },
};

const header = (description: string, schema: Json = { type: 'string' }) => ({ description, schema });

/** The path as the reference writes it: `{name}` parameters, no trailing slash (the server ignores one). */
export const documentPath = (path: string) => (path.length > 1 ? path.replace(/\/$/, '') : path).replace(/:([A-Za-z]+)/g, '{$1}');

/** `getServiceRequests`: the method and the contract's name of the endpoint (contract/paths.ts). */
const endpointNames = new Map<Endpoint, string>();
for (const [name, value] of Object.entries(contract.paths)) {
  const endpoint = typeof value === 'function' ? value.template : value;
  if (!endpointNames.has(endpoint)) endpointNames.set(endpoint, name);
}

function operationIdOf(route: DocumentedRoute): string {
  const name = route.endpoint && endpointNames.get(route.endpoint);
  const words = name
    ? [name]
    : route.path
        .split(/[^A-Za-z0-9]+/)
        .filter(Boolean)
        .map((word) => word.toLowerCase());
  return route.method.toLowerCase() + words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');
}

/** A SyncPage of `row`s as the contract checks one (contract/sync.ts syncPageAnswer: the page, not a plain backend's list). */
const syncPageOf = (row: Schema) => syncPageAnswer(row).options[0];

function describeAuth(doc: RouteDoc): string {
  const parts: string[] = [];
  if (doc.auth === 'none') parts.push('Public: no credentials.');
  else if (doc.auth === 'optional') parts.push('Signed in or not: the user is recorded when there is one.');
  else if (doc.auth === 'api-key') parts.push('An API key (`npx homesite apikey create`) as the bearer token; a user’s token is refused.');
  else if (doc.auth === 'metrics-token') parts.push('The operator’s METRICS_TOKEN as the bearer token.');
  else if (doc.auth === 'session-or-cookie')
    parts.push(`Signed in: the bearer token, or the \`${TOKEN_COOKIE}\` cookie the app keeps it in (SameSite=Lax).`);
  else parts.push('Signed in.');
  if (doc.roles?.length) parts.push(`Roles: one of ${doc.roles.map((role) => `\`${role}\``).join(', ')}.`);
  if (doc.flag) parts.push(`Needs \`${doc.flag}\`: ${FLAG_MEANINGS[doc.flag]}.`);
  if (doc.scope) parts.push(`Scope: ${SCOPE_MEANINGS[doc.scope]}.`);
  return parts.join(' ');
}

const SECURITY: Record<RouteDoc['auth'], Json[]> = {
  required: [{ session: [] }],
  optional: [{ session: [] }, {}],
  none: [],
  'api-key': [{ apiKey: [] }],
  'metrics-token': [{ metricsToken: [] }],
  'session-or-cookie': [{ session: [] }, { tokenCookie: [] }],
};

export interface DocumentOptions {
  version: string;
  /** The tags, in order: an area of the server and what it holds. */
  areas: readonly Area[];
}

/** The whole reference of `routes`. */
export function openApiDocument(routes: readonly DocumentedRoute[], options: DocumentOptions): OpenApiDocument {
  const schemas = new SchemaRegistry([contract, importContract, listRows]);
  for (const kind of Object.values(IMPORT_KINDS)) schemas.describe(kind.schema, importRowJson(kind.schema, kind.description, kind.columns));
  const paths: Record<string, Record<string, Json>> = {};
  const usedErrors = new Set<keyof typeof ERROR_RESPONSES>();
  const operationIds = new Set<string>();

  for (const route of routes) {
    const { doc } = route;
    const path = documentPath(route.path);
    const operationId = operationIdOf(route);
    if (operationIds.has(operationId)) throw new Error(`two routes named ${operationId}`);
    operationIds.add(operationId);

    const parameters: Json[] = [];
    const pathNames = [...path.matchAll(/\{([A-Za-z]+)\}/g)].map((match) => match[1]!);
    const paramEntries = doc.params ? objectEntriesOf(doc.params).entries : {};
    for (const name of pathNames) {
      const entry = paramEntries[name];
      parameters.push({ name, in: 'path', required: true, schema: entry ? schemas.ref(entry) : { type: 'string' } });
    }
    if (doc.query) {
      const { entries, optional } = objectEntriesOf(doc.query);
      for (const [name, entry] of Object.entries(entries))
        parameters.push({ name, in: 'query', required: !optional.has(name), ...queryParameterText(name), schema: schemas.ref(entry) });
    }
    const answer: AnswerDoc = isAnswerDoc(doc.answer) ? doc.answer : { schema: doc.answer };
    const isList = answer.row !== undefined;
    const conditional = isList || answer.etag;
    if (conditional) parameters.push({ $ref: '#/components/parameters/IfNoneMatch' });
    if (answer.ranges) parameters.push({ $ref: '#/components/parameters/Range' });
    if (doc.idempotent)
      parameters.push({ $ref: `#/components/parameters/${doc.auth === 'required' ? 'IdempotencyKey' : 'IdempotencyKeyOptional'}` });

    const operation: Json = {
      operationId,
      summary: doc.summary ?? `${route.method} ${path}`,
      description: [doc.description, describeAuth(doc)].filter(Boolean).join('\n\n'),
      tags: [route.area ?? 'other'],
    };
    if (doc.auth !== 'required') operation.security = SECURITY[doc.auth];
    if (doc.roles?.length) operation['x-roles'] = [...doc.roles];
    if (doc.flag) operation['x-flag'] = doc.flag;
    if (doc.scope) operation['x-scope'] = doc.scope;
    if (parameters.length) operation.parameters = parameters;

    if (doc.body) {
      operation.requestBody = {
        required: !(doc.body as unknown as { type: string }).type.includes('optional'),
        content: { 'application/json': { schema: schemas.ref(doc.body) } },
      };
    } else if (doc.rawBody) {
      operation.requestBody = {
        required: true,
        description: doc.rawBody.description,
        content: Object.fromEntries(
          Object.entries(doc.rawBody.content).map(([type, media]) => [type, media?.schema ? { schema: schemas.ref(media.schema) } : {}]),
        ),
      };
    }

    const responses: Json = {};
    const status = String(answer.status ?? 200);
    const successHeaders: Json = {};
    if (isList) {
      successHeaders[SYNC_CURSOR_HEADER] = { $ref: '#/components/headers/SyncCursor' };
      successHeaders.ETag = { $ref: '#/components/headers/ETag' };
    } else if (answer.etag) successHeaders.ETag = { $ref: '#/components/headers/ETag' };
    if (doc.idempotent) successHeaders[REPLAYED_HEADER] = { $ref: '#/components/headers/IdempotentReplayed' };
    if (status === '302') successHeaders.Location = { description: 'Where the browser goes next.', schema: { type: 'string' } };
    const success: Json = { description: answer.description ?? (status === '204' ? 'Done; no content.' : 'Done.') };
    if (Object.keys(successHeaders).length) success.headers = successHeaders;
    if (status !== '204' && status !== '302') {
      if (isList) success.content = { 'application/json': { schema: listAnswerSchema(schemas, answer, doc) } };
      else if (answer.contentType)
        success.content = Object.fromEntries(
          [answer.contentType].flat().map((type) => [type, answer.schema ? { schema: schemas.ref(answer.schema) } : {}]),
        );
      else success.content = { 'application/json': { schema: answer.schema ? schemas.ref(answer.schema) : {} } };
    }
    responses[status] = success;
    if (answer.ranges)
      responses['206'] = { description: 'One byte range of the file (Range).', headers: { ETag: { $ref: '#/components/headers/ETag' } } };
    if (conditional) responses['304'] = { $ref: '#/components/responses/NotModified' };

    const errors = new Map<number, ErrorDoc | undefined>();
    const add = (code: ErrorStatus | 401 | 500) => errors.set(code, errors.get(code));
    if (doc.params || doc.query || doc.body || doc.rawBody || doc.idempotent) add(400);
    if (doc.auth !== 'none' && doc.auth !== 'optional') add(401);
    if (doc.roles?.length || doc.flag || doc.scope) add(403);
    if (doc.body || doc.rawBody) add(413);
    if (doc.idempotent) {
      add(422);
      add(503);
    }
    if (answer.ranges) add(416);
    for (const error of doc.errors ?? []) {
      if (typeof error === 'number') add(error);
      else errors.set(error.status, error);
    }
    add(500);
    for (const [code, custom] of [...errors].sort(([a], [b]) => a - b)) {
      if (custom) {
        responses[String(code)] = {
          description: custom.description ?? ERROR_RESPONSES[custom.status].description,
          // The throttles and the import's one-at-a-time say when to try again; the 503s a route words itself do not.
          ...(code === 429 ? { headers: { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } } } : {}),
          content: { 'application/json': { schema: schemas.ref(custom.schema ?? ErrorBody) } },
        };
      } else {
        const known = ERROR_RESPONSES[code as keyof typeof ERROR_RESPONSES];
        usedErrors.add(code as keyof typeof ERROR_RESPONSES);
        responses[String(code)] = { $ref: `#/components/responses/${known.name}` };
      }
    }
    operation.responses = responses;

    const methods = (paths[path] ??= {});
    const method = route.method.toLowerCase();
    if (methods[method]) throw new Error(`${route.method} ${path} is documented twice`);
    methods[method] = operation;
  }

  const errorBody = schemas.ref(ErrorBody);
  const retryAfter = { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } };
  const responses: Json = {
    NotModified: {
      description: 'Not modified: the ETag that If-None-Match names is current.',
      headers: { ETag: { $ref: '#/components/headers/ETag' } },
    },
  };
  for (const code of [...usedErrors].sort((a, b) => a - b)) {
    const { name, description } = ERROR_RESPONSES[code];
    responses[name] = {
      description,
      ...(code === 429 || code === 503 ? { headers: retryAfter } : {}),
      content: { 'application/json': { schema: code === 409 ? schemas.ref(ConflictBody) : errorBody } },
    };
  }

  const document: OpenApiDocument = {
    openapi: '3.1.0',
    info: {
      title: 'HomeSite API',
      version: options.version,
      summary: 'The REST API of HomeSite: the calls the app makes, the importer for upstream systems, and the operator’s endpoints.',
      description: INTRODUCTION,
      license: { name: 'Proprietary', identifier: 'LicenseRef-HomeSite' },
    },
    servers: [{ url: '/', description: 'This server: every base is a prefix on its origin.' }],
    security: [{ session: [] }],
    tags: options.areas.map((area) => ({ name: area.name, description: area.description })),
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    components: {
      securitySchemes: {
        session: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description:
            'A user’s session: `bearerToken` of `POST /auth/api/Account/Token` with `{ "Username", "Password" }` (or of setting a password from a link). It lasts until it expires, the user signs out (`POST /auth/api/Account/Logout`), changes their password or is deactivated.',
        },
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description:
            'An API key made by an operator with `npx homesite apikey create` (docs/cli.md): for upstream systems (the importer), never a user.',
        },
        tokenCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: TOKEN_COOKIE,
          description: 'The session’s token in the cookie the app keeps it in: only the help videos and captions take it.',
        },
        metricsToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'The operator’s METRICS_TOKEN (README “Health, metrics, logs and shutdown”): for the Prometheus scraper.',
        },
      },
      parameters: {
        IdempotencyKey: {
          name: IDEMPOTENCY_HEADER,
          in: 'header',
          required: true,
          description:
            'Makes the write exactly-once: 1 to 200 visible ASCII characters, new for each change (a UUID). A repeat with the same key gets the stored answer (marked Idempotent-Replayed: true) and changes nothing again; the same key for a different request is refused 422.',
          schema: { type: 'string', pattern: '^[\\x21-\\x7e]{1,200}$' },
        },
        IdempotencyKeyOptional: {
          name: IDEMPOTENCY_HEADER,
          in: 'header',
          required: false,
          description: 'As on every write: a repeat with the same key gets the stored answer. Needed from a signed-in user.',
          schema: { type: 'string', pattern: '^[\\x21-\\x7e]{1,200}$' },
        },
        IfNoneMatch: {
          name: 'If-None-Match',
          in: 'header',
          required: false,
          description: 'The ETag of the copy the client has: 304 while it is current.',
          schema: { type: 'string' },
        },
        Range: {
          name: 'Range',
          in: 'header',
          required: false,
          description: 'One byte range (`bytes=0-1023`): answered 206 with that part, so that a video can seek.',
          schema: { type: 'string' },
        },
      },
      headers: {
        SyncCursor: header(`Where this answer leaves the list: ask \`?since=\` with it for what changed next (${SYNC_CURSOR_HEADER}).`),
        ETag: header('The version of the answer, for If-None-Match.'),
        IdempotentReplayed: header('`true` when this is the stored answer of an earlier request with the same Idempotency-Key.', {
          type: 'string',
          enum: ['true'],
        }),
        RetryAfter: header('Seconds to wait before trying again.', { type: 'integer', minimum: 0 }),
      },
      responses,
      schemas: {},
    },
  };
  // Resolving replaces the document's parts (unnamed schemas written out), components among them: assign after.
  const components = schemas.resolve(document);
  document.components.schemas = components;
  return document;
}

/**
 * An import kind's row (docs/import.md): its columns, what each cell takes, and the ones a row must fill. A JSON Lines
 * row may leave out a column that is not required; a CSV header must name every required one.
 */
function importRowJson(row: Schema, description: string, columns: importContract.ImportColumns): Json {
  const { entries } = objectEntriesOf(row);
  return {
    type: 'object',
    description: `${description} (docs/import.md).`,
    properties: Object.fromEntries(
      columns.columns.map((column) => [column, cellJsonSchema(entries[column]) ?? { description: 'See docs/import.md.' }]),
    ),
    required: [...columns.requiredColumns],
    additionalProperties: false,
  };
}

const isAnswerDoc = (answer: RouteDoc['answer']): answer is AnswerDoc =>
  answer !== undefined && (answer as { kind?: unknown }).kind !== 'schema';

/** A kept list's answer: the plain list, a SyncPage with `since`, a SearchPage with `page` (as its query takes them). */
function listAnswerSchema(schemas: SchemaRegistry, answer: AnswerDoc, doc: RouteDoc): Json {
  const row = answer.row!;
  const query = doc.query ? objectEntriesOf(doc.query).entries : {};
  const variants: Json[] = [
    { ...schemas.ref(answer.schema ?? v.array(row)), title: 'List', description: 'A plain GET: the whole list in the user’s scope.' },
  ];
  if ('since' in query)
    variants.push({
      ...schemas.ref(syncPageOf(row)),
      title: 'SyncPage',
      description: 'With `since`: the rows changed since that cursor (contract/sync.ts).',
    });
  if ('page' in query)
    variants.push({ ...schemas.ref(searchPageAnswer(row)), title: 'SearchPage', description: 'With `page`: one page of the search.' });
  return variants.length === 1 ? variants[0]! : { oneOf: variants };
}

/** The shared query parameters of kept lists and searches (contract/sync.ts, contract/list-search.ts). */
function queryParameterText(name: string): Json {
  switch (name) {
    case 'since':
      return {
        description:
          'A cursor (X-Sync-Cursor of a plain GET, or `cursor` of a page; `0` starts from nothing): answers a SyncPage of what changed since.',
      };
    case 'limit':
      return {
        description: `Rows per SyncPage, 1 to ${SYNC_MAX_LIMIT} (default ${SYNC_DEFAULT_LIMIT}); \`more\` says another page follows.`,
      };
    case 'page':
      return {
        description: `Searches on the server: this page (1 to ${MAX_SEARCH_PAGE}, ${SEARCH_PAGE_SIZE} rows each) of the rows that match; answers a SearchPage.`,
      };
    case 'q':
      return { description: 'With `page`: words that must each appear in a row (any case).' };
    case 'sort':
      return { description: 'With `page`: the sort column, `-` first for descending.' };
    default:
      return {};
  }
}

const INTRODUCTION = `The API the HomeSite app calls, for integrators and upstream systems.

**Bases.** Paths are written under the bases of the spec, each by default a prefix on this server's origin: ${Object.entries(DEFAULT_BASES)
  .map(([base, prefix]) => `\`${base}\` = \`${prefix}\``)
  .join(
    ', ',
  )}. The server matches paths case-insensitively and with or without a trailing slash (the spec writes \`/Parts\` and \`/parts\`).

**Signing in.** \`POST /auth/api/Account/Token\` with \`{ "Username", "Password" }\` answers \`bearerToken\`; send it as \`Authorization: Bearer <token>\`. The importer takes an API key the same way instead. Each route says who may call it: the roles or derived flag it needs (\`x-roles\`, \`x-flag\`) and whether the retail center or plant of the request must be the user's (\`x-scope\`).

**Errors.** Every error answer is JSON \`{ message, field?, issues?, requestId? }\` (ErrorBody): \`message\` is for the user; a failed check of the input names the first bad \`field\`. 409 carries the record as it is now (\`current\`).

**Writes.** Every write of a signed-in user carries an \`Idempotency-Key\` header; a repeat answers what the first answered and does nothing again. Records that change carry a \`rowVersion\`: an update with an old one gets 409.

**Lists kept on devices.** A plain GET of such a list answers the whole list with an \`${SYNC_CURSOR_HEADER}\` header and an ETag (If-None-Match → 304). \`?since=<cursor>[&limit=n]\` answers a SyncPage \`{ items, removed, cursor, more, reset?, total? }\`: rows changed since, ids that left the list, and the cursor to ask with next (again at once while \`more\`); \`reset\` says to drop the kept copy first. Lists searched on the server take \`?page=n[&q=][&sort=]\` and answer a SearchPage \`{ rows, total, page, pageSize }\`.

**Files.** Help and Learn documents, images and attachments are answered with an ETag (If-None-Match → 304); videos take Range.`;
