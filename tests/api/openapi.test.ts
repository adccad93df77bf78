import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MARKDOWN_FILE, apiMarkdownFile, serverReference } from '../../scripts/api-docs';
import type { OpenApiDocument } from '../../src/server/openapi/document';
import { routePattern } from '../../src/server/http/paths';
import { createTestContext, type TestContext } from './harness';

/*
 * The API reference (issue 32 §6): GET /api/openapi.json answers it to anyone, it names every route the server registers
 * and no other, and docs/api.md is the same document rendered (npm run docs:api).
 */

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({ seed: false });
});

afterAll(async () => {
  await t?.close();
});

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** `GET /api/service/:serviceRequestId` as the router matches it (lower case, no trailing slash). */
const documented = (document: OpenApiDocument) =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => `${method.toUpperCase()} ${routePattern(path.replace(/\{(\w+)\}/g, ':$1'))}`),
  );

describe('GET /api/openapi.json', () => {
  it('answers the OpenAPI 3.1 document to a caller without credentials', async () => {
    const answer = await t.call<OpenApiDocument>('GET', '/api/openapi.json');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('application/json');
    expect(answer.body.openapi).toBe('3.1.0');
    expect(answer.body.info.version).toBe(JSON.parse(readFileSync('package.json', 'utf8')).version);
    // The script and the docs are made from the same routes as the server's.
    expect(answer.body).toEqual(JSON.parse(JSON.stringify(serverReference())));
  });

  it('names every route the server registers, and no route it lacks', async () => {
    const { body: document } = await t.call<OpenApiDocument>('GET', '/api/openapi.json');
    const registered = t.app.routes
      // Middleware (`use`) and the built app's fallback are not routes of the API.
      .filter((route) => route.method !== 'ALL' && !route.path.includes('*'))
      .map((route) => `${route.method} ${route.path}`);
    expect(new Set(registered).size).toBe(registered.length);
    expect([...documented(document)].sort()).toEqual([...registered].sort());
    expect(registered.length).toBeGreaterThan(140);
  });

  it('gives every route a summary, an answer and a 4xx or its reason, and its path parameters', async () => {
    const { body: document } = await t.call<OpenApiDocument>('GET', '/api/openapi.json');
    for (const [path, item] of Object.entries(document.paths)) {
      for (const method of METHODS.filter((name) => item[name])) {
        const operation = item[method] as {
          summary: string;
          responses: Record<string, unknown>;
          parameters?: { name?: string; in?: string }[];
        };
        expect(operation.summary, `${method} ${path}`).not.toMatch(/^(GET|POST|PUT|PATCH|DELETE) \//);
        expect(
          Object.keys(operation.responses).some((status) => /^[23]/.test(status)),
          `${method} ${path}`,
        ).toBe(true);
        const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
        const declared = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name);
        expect(declared, `${method} ${path}`).toEqual(inPath);
      }
    }
  });

  it('describes the kept lists, the importer and the errors with real schemas', async () => {
    const { body: document } = await t.call<OpenApiDocument>('GET', '/api/openapi.json');
    const schemas = document.components.schemas as Record<string, { properties?: Record<string, unknown>; required?: string[] }>;
    const list = JSON.stringify(document.paths['/api/service']!.get);
    expect(list).toContain('#/components/schemas/ServiceRequestListRow');
    expect(list).toContain('SyncPage');
    expect(list).toContain('SearchPage');
    expect(Object.keys(schemas.ServiceRequestListRow!.properties!)).toContain('homeownerName');
    const importer = document.paths['/api/import/{kind}']!.post as { security: unknown; responses: Record<string, unknown> };
    expect(importer.security).toEqual([{ apiKey: [] }]);
    expect(JSON.stringify(importer.responses['200'])).toContain('ImportReportAnswer');
    expect(schemas.HomeImportRow!.required).toContain('serialNumber');
    expect(schemas.HomeImportRow!.properties!.manufacturedDate).toMatchObject({ type: 'string', format: 'date' });
    expect(Object.keys(schemas.ErrorBody!.properties!)).toEqual(['message', 'field', 'issues', 'requestId']);
  });
});

describe('docs/api.md', () => {
  it('is the document rendered (npm run docs:api makes it again)', async () => {
    expect(readFileSync(API_MARKDOWN_FILE, 'utf8')).toBe(await apiMarkdownFile());
  });
});
