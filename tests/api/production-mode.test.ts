import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/server/cli/main';
import { DEFAULT_DEMO_PASSWORD, demoUserName } from '../../src/server/db/seed';
import { startServer, StartRefused } from '../../src/server/main';

/*
 * Two modes (issue 20 §1): demo seeds an empty database and lists the demo logins; production never seeds, and
 * refuses a database that holds demo accounts until `homesite demo remove` has run. Embedded database only: the mode
 * does not depend on the database, and starting a seeded server on PostgreSQL again would add nothing.
 */

const dataDir = mkdtempSync(join(tmpdir(), 'homesite-modes-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const signInAsDemoAdmin = (url: string) =>
  fetch(`${url}/auth/api/Account/Token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Username: demoUserName('admin'), Password: DEFAULT_DEMO_PASSWORD }),
  });

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('demo and production modes', () => {
  it('production starts empty, with no login to print and no demo user', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'homesite-production-'));
    try {
      const server = await startServer({ mode: 'production', port: 0, dataDir: empty, distDir: null, quiet: true });
      try {
        expect(server.seeded).toBe(false);
        expect(server.demoLogins).toEqual([]);
        expect((await signInAsDemoAdmin(server.url)).status).toBe(400);
      } finally {
        await server.close();
      }
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  }, 120_000);

  it('refuses a database with demo accounts, naming the command that removes them, and starts once it has run', async () => {
    const demo = await startServer({ mode: 'demo', port: 0, dataDir, distDir: null, quiet: true });
    expect(demo.seeded).toBe(true);
    expect(demo.demoLogins.length).toBeGreaterThan(0);
    expect((await signInAsDemoAdmin(demo.url)).status).toBe(200);
    await demo.close();

    const refused = startServer({ mode: 'production', port: 0, dataDir, distDir: null, quiet: true });
    await expect(refused).rejects.toBeInstanceOf(StartRefused);
    await expect(refused).rejects.toThrow(/npx homesite demo remove/);

    let output = '';
    const stdin = new PassThrough();
    stdin.end();
    const sink = new Writable({
      write(chunk: Buffer, _encoding, next) {
        output += chunk.toString();
        next();
      },
    });
    const code = await runCli(['demo', 'remove'], { stdin, stdout: sink, stderr: sink, env: { DATA_DIR: dataDir } });
    expect(code, output).toBe(0);

    const production = await startServer({ mode: 'production', port: 0, dataDir, distDir: null, quiet: true });
    try {
      expect(production.seeded).toBe(false);
      expect((await signInAsDemoAdmin(production.url)).status).toBe(400);
    } finally {
      await production.close();
    }
  }, 180_000);
});
