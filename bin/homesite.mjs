#!/usr/bin/env node
// The operator's command line (docs/cli.md): the compiled dist-server/cli.js (`npm run build`), or, when that is missing
// or older than the sources, the TypeScript sources through tsx, which takes seconds more per command.
import { serverBuildState } from '../scripts/build-server.mjs';

let runCli;
const build = serverBuildState();
if (build.state === 'current') {
  ({ runCli } = await import('../dist-server/cli.js'));
} else {
  process.stderr.write(
    build.state === 'missing'
      ? 'homesite: not built, so running from the sources (slower): `npm run build` compiles it.\n'
      : `homesite: ${build.changed} changed since the build, so running from the sources (slower): \`npm run build\` compiles it.\n`,
  );
  const { register } = await import('tsx/esm/api');
  register();
  ({ runCli } = await import(new URL('../src/server/cli/main.ts', import.meta.url).href));
}
process.exitCode = await runCli(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
});
