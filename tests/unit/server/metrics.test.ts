import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildInfo, commitOfCheckout } from '../../../src/server/ops/build-info';
import { createMetrics } from '../../../src/server/ops/metrics';

const COMMIT = 'a'.repeat(40);
const OTHER = 'b'.repeat(40);
const made: string[] = [];

/** A checkout's .git with these files (paths relative to .git). */
function checkout(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'homesite-build-info-'));
  made.push(root);
  for (const [path, text] of Object.entries(files)) {
    const file = join(root, '.git', path);
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, text);
  }
  return root;
}

afterEach(() => {
  for (const root of made.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('the commit of homesite_build_info', () => {
  it('is HOMESITE_COMMIT when the build or deployment sets it', () => {
    expect(buildInfo({ HOMESITE_COMMIT: 'v1.2-deadbeef' }, checkout({ HEAD: COMMIT })).commit).toBe('v1.2-deadbeef');
  });

  it('is read from the checkout without git: a detached HEAD, a branch ref, a packed ref', () => {
    expect(commitOfCheckout(checkout({ HEAD: `${COMMIT}\n` }))).toBe(COMMIT);
    expect(commitOfCheckout(checkout({ HEAD: 'ref: refs/heads/main\n', 'refs/heads/main': `${COMMIT}\n` }))).toBe(COMMIT);
    const packed = checkout({
      HEAD: 'ref: refs/heads/main\n',
      'packed-refs': `# pack-refs with: peeled\n${OTHER} refs/heads/other\n${COMMIT} refs/heads/main\n`,
    });
    expect(commitOfCheckout(packed)).toBe(COMMIT);
  });

  it('is "unknown" without a checkout or a readable HEAD', () => {
    const empty = mkdtempSync(join(tmpdir(), 'homesite-build-info-'));
    made.push(empty);
    expect(buildInfo({}, empty).commit).toBe('unknown');
    expect(buildInfo({}, checkout({ HEAD: 'ref: refs/heads/gone\n' })).commit).toBe('unknown');
  });
});

describe('metrics of imports and mail', () => {
  it('count by the labels they started with', async () => {
    const metrics = createMetrics({ version: '1.2.3', commit: COMMIT });
    metrics.countImport('homes', 'written');
    metrics.countMail({ sent: 2, failed: 1, gaveUp: 0 });
    const lines = (await metrics.registry.metrics()).split('\n');
    expect(lines).toContain(`homesite_build_info{version="1.2.3",commit="${COMMIT}"} 1`);
    expect(lines).toContain('homesite_imports_total{kind="homes",outcome="written"} 1');
    expect(lines).toContain('homesite_imports_total{kind="homes",outcome="refused"} 0');
    expect(lines).toContain('homesite_mails_total{outcome="sent"} 2');
    expect(lines).toContain('homesite_mails_total{outcome="failed"} 1');
    expect(lines).toContain('homesite_mails_total{outcome="gave_up"} 0');
  });
});

describe('homesite_server_errors_total', () => {
  /** What observeRequest reads of a request: its route pattern and method. */
  const request = (route: string) => ({ get: () => route, req: { method: 'GET', query: () => undefined } }) as never;

  it('counts a route’s 5xx answers, but not the readiness probe’s 503 (starting, draining: a deploy pages no one)', async () => {
    const metrics = createMetrics({ version: '1.2.3', commit: COMMIT });
    metrics.observeRequest(request('/readyz'), new Response(null, { status: 503 }), 0.001);
    metrics.observeRequest(request('/api/service'), new Response(null, { status: 500 }), 0.001);
    const lines = (await metrics.registry.metrics()).split('\n');
    expect(lines).toContain('homesite_server_errors_total{route="/api/service",status="500"} 1');
    expect(lines.filter((line) => line.startsWith('homesite_server_errors_total{route="/readyz"'))).toEqual([]);
    expect(lines).toContain('homesite_http_requests_total{route="/readyz",method="GET",status="503"} 1');
  });
});
