// `npm start`: build the app when the sources are newer than dist/, and the server when they are newer than
// dist-server/, then run the server (app + API).
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildServerIfStale } from './build-server.mjs';

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stat.mtimeMs);
}

const sources = ['src', 'sw', 'public', 'index.html', 'vite.config.ts', 'package.json'];
const built = existsSync('dist/index.html') ? statSync('dist/index.html').mtimeMs : 0;
if (sources.some((source) => newestMtime(source) > built)) {
  console.log('Building the app…');
  const build = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

if (await buildServerIfStale()) console.log('Built the server.');

const server = spawn(process.execPath, ['dist-server/main.js'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
