import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServerIfStale } from '../../scripts/build-server.mjs';
import { createScratchDatabase } from '../api/harness';
import { freePort } from './server-process';

/*
 * The commands a deployment runs the server with (README, "Deploying"): `npm run --silent server` and the systemd unit's
 * `node dist-server/main.js`, both on the compiled server (tests/build-server-setup.ts built it). A supervisor signals
 * the PID it started: SIGTERM to that PID must stop every process of it within the shutdown delay and grace period,
 * close the port, exit 0, and leave nothing but JSON lines on stdout.
 */

const SHUTDOWN_DELAY_MS = 1_000;
const SHUTDOWN_GRACE_MS = 3_000;
const scratch = mkdtempSync(join(tmpdir(), 'homesite-server-command-'));
/** An empty PostgreSQL database of TEST_DATABASE_URL's server when there is one (a faster start), else PGlite in DATA_DIR. */
let database: { url: string; drop: () => Promise<void> } | undefined;

beforeAll(async () => {
  if (process.env.TEST_DATABASE_URL) database = await createScratchDatabase(process.env.TEST_DATABASE_URL);
});

afterAll(async () => {
  await database?.drop();
  rmSync(scratch, { recursive: true, force: true });
});

/** The live processes of a process group (from /proc: Linux), zombies left out. */
function processGroup(groupId: number): number[] {
  const members: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    // pid (comm) state ppid pgrp …: the command name may hold spaces and parentheses, so read after its last ')'.
    const [state, , group] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(group) === groupId && state !== 'Z') members.push(Number(name));
  }
  return members;
}

const portAnswers = (port: number) =>
  new Promise<boolean>((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

const commands = [
  { name: 'npm run --silent server', command: 'npm', args: ['run', '--silent', 'server'] },
  { name: 'node dist-server/main.js (the systemd unit)', command: process.execPath, args: [resolve('dist-server/main.js')] },
];

describe('the server command', () => {
  it.each(commands)(
    '$name: SIGTERM to its PID stops every process of it within the grace period, closes the port, and stdout is JSON lines',
    async ({ name, command, args }) => {
      const port = await freePort();
      const dataDir = join(scratch, name.replace(/\W+/g, '-'));
      // `npm run server` refuses a build older than the sources, which others may be editing meanwhile.
      await buildServerIfStale();
      // Its own process group, as a service manager gives it: every process it starts is found by the group id.
      const child = spawn(command, args, {
        detached: true,
        env: {
          ...process.env,
          NODE_ENV: 'production',
          DATABASE_URL: database?.url ?? '',
          DATA_DIR: dataDir,
          DIST_DIR: join(dataDir, 'no-app'),
          PORT: String(port),
          HOST: '127.0.0.1',
          LOG_FORMAT: 'json',
          SHUTDOWN_DELAY_MS: String(SHUTDOWN_DELAY_MS),
          SHUTDOWN_GRACE_MS: String(SHUTDOWN_GRACE_MS),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const groupId = child.pid!;
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
      let running = true;
      void exited.then(() => (running = false));
      try {
        for (const deadline = Date.now() + 120_000; ; await sleep(100)) {
          expect(running, `${name} exited while starting:\n${stdout}\n${stderr}`).toBe(true);
          expect(Date.now() < deadline, `${name} was not ready in 120 s:\n${stdout}\n${stderr}`).toBe(true);
          const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
            (answer) => answer.status === 200,
            () => false,
          );
          if (ready) break;
        }
        const members = processGroup(groupId);
        expect(members).toContain(groupId);

        const signalled = Date.now();
        process.kill(groupId, 'SIGTERM');
        const code = await exited;
        while (processGroup(groupId).length > 0 && Date.now() - signalled < SHUTDOWN_DELAY_MS + SHUTDOWN_GRACE_MS + 5_000) await sleep(50);
        const stoppedAfter = Date.now() - signalled;

        expect(code, `${stdout}\n${stderr}`).toBe(0);
        expect(processGroup(groupId), 'processes of the group still running').toEqual([]);
        expect(stoppedAfter).toBeLessThan(SHUTDOWN_DELAY_MS + SHUTDOWN_GRACE_MS);
        expect(await portAnswers(port)).toBe(false);

        const lines = stdout.split('\n').filter((line) => line !== '');
        const records = lines.map((line) => {
          try {
            return JSON.parse(line) as { msg?: string };
          } catch {
            throw new Error(`Not a JSON line on stdout: ${line}`);
          }
        });
        expect(records.map((record) => record.msg)).toEqual(expect.arrayContaining(['listening', 'draining', 'stopped']));
        expect(stderr).toBe('');
      } finally {
        if (processGroup(groupId).length > 0) process.kill(-groupId, 'SIGKILL');
      }
    },
    180_000,
  );

  it('`npm run server` without a build, or with one older than the sources, says to run `npm run build`', () => {
    // The package's script and build check, in a folder of their own: the shared dist-server/ stays as it is.
    const folder = join(scratch, 'package');
    mkdirSync(join(folder, 'scripts'), { recursive: true });
    copyFileSync('package.json', join(folder, 'package.json'));
    copyFileSync('scripts/build-server.mjs', join(folder, 'scripts', 'build-server.mjs'));
    const run = () =>
      spawnSync('npm', ['run', '--silent', 'server'], { cwd: folder, encoding: 'utf8', env: { ...process.env, PORT: '0' } });

    const missing = run();
    expect(missing.status).toBe(1);
    expect(missing.stderr.trim()).toBe('There is no compiled server in dist-server/: run `npm run build` first.');
    expect(missing.stdout).toBe('');

    mkdirSync(join(folder, 'dist-server'));
    writeFileSync(join(folder, 'dist-server', 'inputs.json'), JSON.stringify({ startedAt: 0, inputs: ['scripts/build-server.mjs'] }));
    const stale = run();
    expect(stale.status).toBe(1);
    expect(stale.stderr.trim()).toBe(
      'The compiled server in dist-server/ is older than scripts/build-server.mjs: run `npm run build` again.',
    );
  });
});
