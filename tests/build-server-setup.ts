import { buildServerIfStale } from '../scripts/build-server.mjs';

/*
 * globalSetup of the API and e2e projects: the tests that start the server or the command line as a process run the
 * compiled dist-server/ (tests/e2e/server-process.ts, bin/homesite.mjs), so it is built first when the sources changed
 * since the last build (about a second; nothing when they did not).
 */
export default async function setup() {
  await buildServerIfStale();
}
