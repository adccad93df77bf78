import { createHash } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { HelpDocument, HelpDocumentList } from '../../src/contract';
import { createTestContext, ifNoneMatchFormsOf, type TestContext } from './harness';

let t: TestContext;
let token: string;
let documents: HelpDocument[];

beforeAll(async () => {
  t = await createTestContext();
  token = await t.login('viewer');
  documents = v.parse(HelpDocumentList, (await t.call('GET', '/api/Documents/Help', { token })).body);
});
afterAll(() => t.close());

const byName = (name: string) => {
  const found = documents.find((document) => document.displayName === name);
  if (!found) throw new Error(`no help document ${name}`);
  return found;
};

/** The raw answer (the harness's `call` reads bodies as text, which would mangle bytes). */
async function fetchFile(path: string, headers: Record<string, string> = {}, withToken = true) {
  const response = await t.app.request(path, { headers: { ...(withToken ? { authorization: `Bearer ${token}` } : {}), ...headers } });
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const pdfUrl = (document: HelpDocument, kind = 'GetHelpDocument') =>
  `/api/FileStream/${kind}/${encodeURIComponent(document.displayName)}?documentId=${document.documentId}`;
const videoUrl = (document: HelpDocument) =>
  `/api/FileStream/GetHelpVideo/Finding%20Your%20Way%20Around%20HomeSite?documentId=${document.documentId}`;

describe('GET /api/Documents/Help', () => {
  it('lists the seeded library, PDFs and the video, for any signed-in user', async () => {
    expect(documents.map((document) => [document.displayName, document.fileType])).toEqual([
      ['Getting Started with HomeSite', 'pdf'],
      ['Submitting a Service Request', 'pdf'],
      ['Parts Orders and Receiving', 'pdf'],
      ['Warranty Cards and Homeowners', 'pdf'],
      ['Service Rate Sheet', 'pdf'],
      ['Finding Your Way Around HomeSite', 'video'],
    ]);
    expect(byName('Service Rate Sheet').size).toBe(10);
    expect(byName('Finding Your Way Around HomeSite')).toMatchObject({ contentType: 'video/mp4', hasCaptions: true });
    expect(byName('Getting Started with HomeSite')).toMatchObject({
      contentType: 'application/pdf',
      hasCaptions: false,
      etag: expect.stringMatching(/^[0-9a-f]{64}$/),
    });

    const driver = await t.login('driver');
    const forDriver = await t.call('GET', '/api/documents/help', { token: driver });
    expect(forDriver.status).toBe(200);
    expect(v.parse(HelpDocumentList, forDriver.body)).toHaveLength(documents.length);
  });

  it('answers 401 without a token', async () => {
    expect((await t.call('GET', '/api/Documents/Help')).status).toBe(401);
  });
});

describe('GET /api/Documents/Help/{documentId}', () => {
  it('answers one document', async () => {
    const expected = byName('Parts Orders and Receiving');
    const result = await t.call('GET', `/api/Documents/Help/${expected.documentId}`, { token });
    expect(result.status).toBe(200);
    expect(v.parse(HelpDocument, result.body)).toEqual(expected);
  });

  it('answers 404 for an unknown id, 400 for one that is not a number, 401 without a token', async () => {
    expect(await t.call('GET', '/api/Documents/Help/999999', { token })).toMatchObject({
      status: 404,
      body: { message: 'There is no such help document.' },
    });
    expect((await t.call('GET', '/api/Documents/Help/abc', { token })).status).toBe(400);
    expect((await t.call('GET', `/api/Documents/Help/${documents[0]!.documentId}`)).status).toBe(401);
  });
});

describe('GET /api/FileStream/GetHelpDocument/{name}?documentId=', () => {
  it('answers the PDF inline with its type, length, ETag and a private cache policy', async () => {
    const document = byName('Submitting a Service Request');
    const { response, bytes } = await fetchFile(pdfUrl(document));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-length')).toBe(String(document.size));
    expect(response.headers.get('content-disposition')).toBe('inline; filename="Submitting a Service Request.pdf"');
    expect(response.headers.get('cache-control')).toContain('private');
    expect(response.headers.get('etag')).toBe(`"${document.etag}"`);
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    expect(bytes.byteLength).toBe(document.size);
    expect(sha256(bytes)).toBe(document.etag);
    // A real six-page document, not a placeholder.
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(pdf.getPageCount()).toBe(6);
    expect(pdf.getTitle()).toBe('Submitting a Service Request');
  });

  it('answers 304 to a matching If-None-Match, and the file to a stale one', async () => {
    const document = byName('Getting Started with HomeSite');
    const fresh = await fetchFile(pdfUrl(document), { 'if-none-match': `"${document.etag}"` });
    expect(fresh.response.status).toBe(304);
    expect(fresh.bytes.byteLength).toBe(0);
    const stale = await fetchFile(pdfUrl(document), { 'if-none-match': '"0000"' });
    expect(stale.response.status).toBe(200);
    expect(stale.bytes.byteLength).toBe(document.size);
  });

  it('answers 304 to a weak or a multi-value If-None-Match naming the file, for the PDF, its download and the video', async () => {
    const files = [
      pdfUrl(byName('Getting Started with HomeSite')),
      pdfUrl(byName('Getting Started with HomeSite'), 'DownloadHelpDocument'),
      videoUrl(byName('Finding Your Way Around HomeSite')),
    ];
    for (const url of files) {
      const etag = (await fetchFile(url)).response.headers.get('etag')!;
      for (const ifNoneMatch of ifNoneMatchFormsOf(etag)) {
        const cached = await fetchFile(url, { 'if-none-match': ifNoneMatch });
        expect(cached.response.status, `${url} ${ifNoneMatch}`).toBe(304);
        expect(cached.response.headers.get('etag')).toBe(etag);
      }
    }
  });

  it('serves the 10-byte upload as it is (the client shows no results for it)', async () => {
    const { response, bytes } = await fetchFile(pdfUrl(byName('Service Rate Sheet')));
    expect(response.status).toBe(200);
    expect(bytes.byteLength).toBe(10);
  });

  it('answers 401 without a token, 404 for an unknown id or a video, 400 without a documentId', async () => {
    const document = byName('Getting Started with HomeSite');
    expect((await fetchFile(pdfUrl(document), {}, false)).response.status).toBe(401);
    expect((await t.call('GET', '/api/FileStream/GetHelpDocument/Nothing', { token, query: { documentId: '424242' } })).status).toBe(404);
    expect((await fetchFile(pdfUrl(byName('Finding Your Way Around HomeSite')))).response.status).toBe(404);
    const missing = await t.call('GET', '/api/FileStream/GetHelpDocument/Getting%20Started', { token });
    expect(missing).toMatchObject({ status: 400, body: { field: 'documentId' } });
    expect((await t.call('GET', '/api/FileStream/GetHelpDocument/x', { token, query: { documentId: '1; drop' } })).status).toBe(400);
  });
});

describe('GET /api/FileStream/DownloadHelpDocument/{name}/?documentId=', () => {
  it('answers the same bytes as an attachment named after the document', async () => {
    const document = byName('Warranty Cards and Homeowners');
    const { response, bytes } = await fetchFile(
      `/api/FileStream/DownloadHelpDocument/Warranty%20Cards%20and%20Homeowners/?documentId=${document.documentId}`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="Warranty Cards and Homeowners.pdf"');
    expect(sha256(bytes)).toBe(document.etag);
  });

  it('answers 401 without a token', async () => {
    expect((await fetchFile(pdfUrl(byName('Warranty Cards and Homeowners'), 'DownloadHelpDocument'), {}, false)).response.status).toBe(401);
  });
});

describe('GET /api/FileStream/GetHelpVideo/{name}?documentId=', () => {
  const video = () => byName('Finding Your Way Around HomeSite');

  it('answers the whole video with its type and Accept-Ranges', async () => {
    const { response, bytes } = await fetchFile(videoUrl(video()));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('video/mp4');
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(sha256(bytes)).toBe(video().etag);
    // An MP4 starts with its ftyp box; +faststart puts the index first so playback can begin at once.
    expect(new TextDecoder().decode(bytes.slice(4, 8))).toBe('ftyp');
    expect(bytes.byteLength).toBeLessThan(1024 * 1024);
  });

  it('answers byte ranges with 206 and Content-Range, as a <video> element asks when it seeks', async () => {
    const { bytes: whole } = await fetchFile(videoUrl(video()));
    const size = whole.byteLength;

    const first = await fetchFile(videoUrl(video()), { range: 'bytes=0-99' });
    expect(first.response.status).toBe(206);
    expect(first.response.headers.get('content-range')).toBe(`bytes 0-99/${size}`);
    expect(first.response.headers.get('content-length')).toBe('100');
    expect(first.bytes).toEqual(whole.slice(0, 100));

    const middle = await fetchFile(videoUrl(video()), { range: 'bytes=1000-' });
    expect(middle.response.status).toBe(206);
    expect(middle.response.headers.get('content-range')).toBe(`bytes 1000-${size - 1}/${size}`);
    expect(middle.bytes).toEqual(whole.slice(1000));

    const suffix = await fetchFile(videoUrl(video()), { range: 'bytes=-500' });
    expect(suffix.response.status).toBe(206);
    expect(suffix.bytes).toEqual(whole.slice(size - 500));

    const past = await fetchFile(videoUrl(video()), { range: `bytes=${size - 10}-${size + 1000}` });
    expect(past.response.headers.get('content-range')).toBe(`bytes ${size - 10}-${size - 1}/${size}`);
    expect(past.bytes).toEqual(whole.slice(size - 10));
  });

  it('answers 416 for a range outside the file, and the whole file for an If-Range of another version', async () => {
    const size = video().size;
    const outside = await fetchFile(videoUrl(video()), { range: `bytes=${size}-` });
    expect(outside.response.status).toBe(416);
    expect(outside.response.headers.get('content-range')).toBe(`bytes */${size}`);

    const changed = await fetchFile(videoUrl(video()), { range: 'bytes=0-9', 'if-range': '"an-older-version"' });
    expect(changed.response.status).toBe(200);
    expect(changed.bytes.byteLength).toBe(size);
    const same = await fetchFile(videoUrl(video()), { range: 'bytes=0-9', 'if-range': `"${video().etag}"` });
    expect(same.response.status).toBe(206);
  });

  it('accepts the token cookie (a <video> element sends no Authorization header) and refuses without one', async () => {
    const withCookie = await fetchFile(videoUrl(video()), { cookie: `Bearer=${token}`, range: 'bytes=0-0' }, false);
    expect(withCookie.response.status).toBe(206);
    expect((await fetchFile(videoUrl(video()), {}, false)).response.status).toBe(401);
    expect((await fetchFile(videoUrl(video()), { cookie: 'Bearer=not-a-token' }, false)).response.status).toBe(401);
  });

  it('answers 404 for a PDF id or an unknown id', async () => {
    const pdf = byName('Getting Started with HomeSite');
    expect((await fetchFile(`/api/FileStream/GetHelpVideo/x?documentId=${pdf.documentId}`)).response.status).toBe(404);
    expect((await fetchFile('/api/FileStream/GetHelpVideo/x?documentId=987654')).response.status).toBe(404);
  });
});

describe('GET /api/FileStream/GetHelpVideoCaptions/{name}?documentId=', () => {
  it('answers the WebVTT captions of the video', async () => {
    const video = byName('Finding Your Way Around HomeSite');
    const { response, bytes } = await fetchFile(`/api/FileStream/GetHelpVideoCaptions/x?documentId=${video.documentId}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    const text = new TextDecoder().decode(bytes);
    expect(text.startsWith('WEBVTT')).toBe(true);
    expect(text).toContain('00:00:00.000 --> 00:00:03.000');
  });

  it('answers 404 for a PDF and 401 without a token', async () => {
    const pdf = byName('Getting Started with HomeSite');
    expect((await fetchFile(`/api/FileStream/GetHelpVideoCaptions/x?documentId=${pdf.documentId}`)).response.status).toBe(404);
    const video = byName('Finding Your Way Around HomeSite');
    expect((await fetchFile(`/api/FileStream/GetHelpVideoCaptions/x?documentId=${video.documentId}`, {}, false)).response.status).toBe(401);
  });
});
