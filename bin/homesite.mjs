#!/usr/bin/env node
// The operator's command line (docs/cli.md). The commands are TypeScript, run through tsx as the server is.
import { register } from 'tsx/esm/api';

register();
const { runCli } = await import(new URL('../src/server/cli/main.ts', import.meta.url).href);
process.exitCode = await runCli(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
});
