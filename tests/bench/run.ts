// `npm run bench`: figures, not pass/fail. Bundle sizes, then API latency under load beside a bare
// Hono hello-world measured in the same run on the same machine.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { serve } from '@hono/node-server';
import { measureBundle } from './bundle';
import { load, formatLoad } from './load';
import { startServer } from '../../src/server/main';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const TOTAL = Number(process.env.BENCH_REQUESTS ?? 2000);
const password = process.env.DEMO_PASSWORD ?? 'Demo#2026!';

console.log('# Bundle (gzip)');
console.log(measureBundle().report());

console.log('\n# API under load');
const hello = new Hono().get('/', (c) => c.text('hello'));
const helloServer = await new Promise<ReturnType<typeof serve>>((resolve) => {
  const server = serve({ fetch: hello.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(server));
});
const helloAddress = helloServer.address();
const helloUrl = `http://127.0.0.1:${typeof helloAddress === 'object' && helloAddress ? helloAddress.port : 0}/`;
console.log(formatLoad('bare Hono hello-world', await load(() => fetch(helloUrl), { total: TOTAL, concurrency: CONCURRENCY })));
helloServer.close();

const dataDir = mkdtempSync(join(tmpdir(), 'homesite-bench-'));
const app = await startServer({ port: 0, dataDir, quiet: true });
const users = ['admin', 'service', 'viewer', 'sales', 'plant', 'company'];
let next = 0;
const login = () => {
  const user = users[next++ % users.length];
  return fetch(`${app.url}/auth/api/Account/Token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Username: `${user}@demo.homesite.test`, Password: password }),
  });
};
// Password hashing dominates login by design (argon2id): fewer requests keep the run short.
console.log(formatLoad('POST Account/Token (login)', await load(login, { total: Math.min(TOTAL, 300), concurrency: CONCURRENCY })));

const token = ((await (await login()).json()) as { bearerToken: string }).bearerToken;
const profile = () => fetch(`${app.url}/auth/api/Account/User`, { headers: { authorization: `Bearer ${token}` } });
console.log(formatLoad('GET Account/User (profile)', await load(profile, { total: TOTAL, concurrency: CONCURRENCY })));

await app.close();
rmSync(dataDir, { recursive: true, force: true });
