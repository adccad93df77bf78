import { PassThrough, Writable } from 'node:stream';
import { runCli } from '../src/server/cli/main';

/** What a command of the operator's command line ended with, and what it wrote. */
export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** A stream that keeps what is written to it. */
function collector() {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return { stream, text: () => text };
}

/**
 * `npx homesite …` in this process (the bin only loads runCli): `stdin` is what is piped to the command (empty: nothing),
 * and its stdout and stderr are collected.
 */
export async function runHomesite(argv: string[], env: NodeJS.ProcessEnv, stdin = ''): Promise<CliResult> {
  const input = new PassThrough();
  input.end(stdin);
  const stdout = collector();
  const stderr = collector();
  const code = await runCli(argv, { stdin: input, stdout: stdout.stream, stderr: stderr.stream, env });
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}
