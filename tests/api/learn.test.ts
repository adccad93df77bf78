import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { LEARN_MESSAGES, LearnReferenceList, type LearnCategory, type LearnDocument } from '../../src/contract';
import { learnDocuments } from '../../src/server/db/schema';
import { createTestContext, ifNoneMatchFormsOf, type TestContext } from './harness';

let t: TestContext;
let token: string;
let categories: LearnCategory[];
let documents: LearnDocument[];

beforeAll(async () => {
  t = await createTestContext();
  token = await t.login('service');
  const answer = await t.call('GET', '/api/Documents/References', { token });
  categories = v.parse(LearnReferenceList, answer.body);
  documents = categories.flatMap((category) => category.subCategories.flatMap((subCategory) => subCategory.documents));
});
afterAll(() => t.close());

/** The raw answer (the harness's `call` reads bodies as text, which would mangle bytes). */
async function fetchFile(path: string, headers: Record<string, string> = {}, withToken = true) {
  const response = await t.app.request(path, { headers: { ...(withToken ? { authorization: `Bearer ${token}` } : {}), ...headers } });
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('GET /api/Documents/References (spec 3 §3 Documents)', () => {
  it('answers categories → sub-categories → documents in the seeded order', () => {
    expect(categories.map((category) => category.displayName)).toEqual([
      'Installation and Setup',
      'Homeowner Care',
      'Sales and Product',
      'Service Operations',
    ]);
    for (const category of categories) {
      expect(category.subCategories.length).toBeGreaterThanOrEqual(2);
      expect(category.subCategories.length).toBeLessThanOrEqual(3);
      for (const subCategory of category.subCategories) {
        expect(subCategory.documents.length).toBeGreaterThan(0);
        for (const document of subCategory.documents) {
          expect(document.subCategoryId).toBe(subCategory.subCategoryId);
          expect(document).toMatchObject({
            fileType: 'pdf',
            contentType: 'application/pdf',
            etag: expect.stringMatching(/^[0-9a-f]{64}$/),
            fileName: expect.stringMatching(/\.pdf$/),
          });
        }
      }
    }
    expect(categories[0]!.subCategories.map((subCategory) => subCategory.displayName)).toEqual([
      'Foundations and Anchoring',
      'Utilities and Crossovers',
      'Multi-Section Homes',
    ]);
    expect(categories[0]!.subCategories[0]!.documents.map((document) => document.displayName)).toEqual([
      'Pier and Footing Layout Guide',
      'Anchoring and Tie-Down Requirements',
    ]);
  });

  it('is for every signed-in user (the driver manager too), matched case-insensitively; 401 without a token', async () => {
    for (const key of ['driver', 'plant', 'viewer', 'internal']) {
      const answer = await t.call('GET', '/api/documents/references', { token: await t.login(key) });
      expect(answer.status, key).toBe(200);
      expect(answer.body).toEqual(categories);
    }
    expect((await t.call('GET', '/api/Documents/References')).status).toBe(401);
  });
});

describe('GET /api/Documents/References/{documentId}', () => {
  it('answers the PDF inline: real multi-page PDFs whose bytes match the listed size and ETag', async () => {
    for (const document of documents) {
      const { response, bytes } = await fetchFile(`/api/Documents/References/${document.documentId}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(response.headers.get('content-disposition')).toBe(`inline; filename="${document.fileName}"`);
      expect(response.headers.get('etag')).toBe(`"${document.etag}"`);
      expect(response.headers.get('cache-control')).toBe('private, no-cache');
      expect(bytes.byteLength).toBe(document.size);
      expect(sha256(bytes)).toBe(document.etag);
      const pdf = await PDFDocument.load(bytes);
      expect(pdf.getPageCount(), document.displayName).toBeGreaterThanOrEqual(2);
      expect(pdf.getTitle()).toBe(document.displayName);
    }
  });

  it('answers 304 for a current ETag and single byte ranges (206, 416)', async () => {
    const document = documents[0]!;
    const path = `/api/Documents/References/${document.documentId}`;
    const cached = await fetchFile(path, { 'if-none-match': `W/"${document.etag}"` });
    expect(cached.response.status).toBe(304);
    expect(cached.bytes.byteLength).toBe(0);
    for (const ifNoneMatch of ifNoneMatchFormsOf(`"${document.etag}"`))
      expect((await fetchFile(path, { 'if-none-match': ifNoneMatch })).response.status).toBe(304);
    const whole = (await fetchFile(path)).bytes;
    const part = await fetchFile(path, { range: 'bytes=0-7' });
    expect(part.response.status).toBe(206);
    expect(part.response.headers.get('content-range')).toBe(`bytes 0-7/${document.size}`);
    expect(new TextDecoder().decode(part.bytes)).toBe('%PDF-1.7');
    expect(part.bytes).toEqual(whole.subarray(0, 8));
    const outside = await fetchFile(path, { range: `bytes=${document.size}-` });
    expect(outside.response.status).toBe(416);
    // A range against another version of the file gets the whole new file.
    expect((await fetchFile(path, { range: 'bytes=0-7', 'if-range': '"older"' })).response.status).toBe(200);
  });

  it('answers 404 for an unknown document, 400 for an id that is not a number, 401 without a token', async () => {
    expect(await t.call('GET', '/api/Documents/References/999999', { token })).toMatchObject({
      status: 404,
      body: { message: LEARN_MESSAGES.noSuchDocument },
    });
    expect((await t.call('GET', '/api/Documents/References/abc', { token })).status).toBe(400);
    expect((await t.call('GET', '/api/Documents/References/1234567890123', { token })).status).toBe(400);
    expect((await fetchFile(`/api/Documents/References/${documents[0]!.documentId}`, {}, false)).response.status).toBe(401);
  });

  it('seeds the same bytes on every run (stable ETags for offline copies)', async () => {
    const [stored] = await t.db
      .select({ sha256: learnDocuments.sha256 })
      .from(learnDocuments)
      .where(eq(learnDocuments.id, documents[0]!.documentId));
    const { renderManual, LEARN_LIBRARY } = await import('../../src/server/db/seed/learn-manuals');
    const again = await renderManual(LEARN_LIBRARY[0]!.subCategories[0]!.manuals[0]!, LEARN_LIBRARY[0]!.displayName);
    expect(sha256(again)).toBe(stored!.sha256);
  });
});
