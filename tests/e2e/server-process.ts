import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { buildServerIfStale } from '../../scripts/build-server.mjs';

/*
 * The real server as its own process (`node dist-server/main.js`, as `npm start` and a systemd unit run it; built by
 * tests/build-server-setup.ts), so that a test can SIGKILL it in the middle of a request and start it again on the same
 * data dir and port, the way a crash and a supervisor's restart would.
 */

export interface ServerProcessOptions {
  dataDir: string;
  distDir: string;
  /** Default: a free port, chosen once and kept across restarts. */
  port?: number;
  env?: Record<string, string>;
}

export interface ServerProcess {
  readonly port: number;
  readonly url: string;
  readonly pid: number | undefined;
  /** Starts the process and waits until it answers HTTP. */
  start(): Promise<void>;
  /** SIGKILL: no shutdown, no flush, no answer to what is in flight. Resolves once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM and wait (the server's own clean shutdown). */
  stop(): Promise<void>;
  /** What the process wrote (for a failure message). */
  output(): string;
  /** The exit code of the last run (null: killed by a signal, or still running). */
  exitCode(): number | null;
}

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (address && typeof address === 'object' ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

export async function createServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  let lastExitCode: number | null = null;
  let log = '';

  async function start() {
    if (child) throw new Error('The server process is already running.');
    // Built already by the tests' globalSetup, unless a source changed since (or a benchmark runs this).
    await buildServerIfStale();
    const started = spawn(process.execPath, [resolve('dist-server/main.js')], {
      env: {
        ...process.env,
        // Always the embedded database in the data dir, with the default seed, whatever the caller's environment says.
        DATABASE_URL: '',
        SEED_SCALE: '',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: options.dataDir,
        DIST_DIR: options.distDir,
        // No proxy's health check waits on a test's server: it stops at once (the default waits 5 s), unless a test says.
        SHUTDOWN_DELAY_MS: '0',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = started;
    const append = (chunk: Buffer) => {
      log = (log + chunk.toString()).slice(-20_000);
    };
    started.stdout?.on('data', append);
    started.stderr?.on('data', append);
    lastExitCode = null;
    exited = new Promise((done) =>
      started.once('exit', (code) => {
        lastExitCode = code;
        done();
      }),
    );
    void exited.then(() => {
      if (child === started) child = undefined;
    });
    // A first start on an empty data dir seeds it: minutes on a loaded 2-core machine, so the deadline is generous.
    const deadline = Date.now() + 240_000;
    for (;;) {
      if (!child) throw new Error(`The server process exited while starting:\n${log}`);
      try {
        const answer = await fetch(`${url}/api/does-not-exist`, { signal: AbortSignal.timeout(2_000) });
        await answer.arrayBuffer();
        return;
      } catch {
        // Not listening yet.
      }
      if (Date.now() > deadline) throw new Error(`The server did not answer within 240 s:\n${log}`);
      await sleep(100);
    }
  }

  async function signal(name: NodeJS.Signals) {
    const running = child;
    if (!running) return;
    running.kill(name);
    await exited;
  }

  return {
    port,
    url,
    get pid() {
      return child?.pid;
    },
    start,
    kill: () => signal('SIGKILL'),
    stop: () => signal('SIGTERM'),
    output: () => log,
    exitCode: () => lastExitCode,
  };
}
