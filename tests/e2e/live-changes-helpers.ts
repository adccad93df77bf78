import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import type { Lead } from '../../src/contract';
import { startServer, type RunningServer } from '../../src/server/main';
import { createScratchDatabase } from '../api/harness';
import { newContext, signIn } from './harness';

/* Live changes across instances (issue 23 §1): shared by tests/e2e/live-changes.test.ts and tests/bench/live-changes.ts. */

/** Two instances of the app over one PostgreSQL database (a copy of the seeded template). */
export async function startTwoInstances(adminUrl: string, distDir = process.env.E2E_DIST_DIR ?? 'dist') {
  if (!existsSync(`${distDir}/index.html`)) throw new Error(`Run \`npx vite build\` first (no ${distDir}/index.html).`);
  const scratch = await createScratchDatabase(adminUrl, 'seeded');
  const tokenSecret = randomBytes(32).toString('base64url');
  const servers: RunningServer[] = [];
  try {
    for (let n = 0; n < 2; n++)
      servers.push(await startServer({ port: 0, databaseUrl: scratch.url, distDir, quiet: true, tokenSecret, shutdownDelayMs: 0 }));
  } catch (error) {
    await Promise.all(servers.map((server) => server.close()));
    await scratch.drop();
    throw error;
  }
  return {
    servers: servers as [RunningServer, RunningServer],
    databaseUrl: scratch.url,
    close: async () => {
      await Promise.all(servers.map((server) => server.close()));
      await scratch.drop();
    },
  };
}

/** Counts, in the page, what would refresh a list without live changes: focus, visibility, online, a navigation. */
export async function countRefreshTriggers(page: Page) {
  await page.addInitScript(() => {
    const counted: string[] = [];
    (globalThis as unknown as { __refreshTriggers: string[] }).__refreshTriggers = counted;
    for (const type of ['focus', 'online', 'pageshow']) window.addEventListener(type, () => counted.push(type), true);
    document.addEventListener('visibilitychange', () => counted.push('visibilitychange'), true);
  });
  let navigations = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations++;
  });
  const read = async () => ({
    events: await page.evaluate(() => [...(globalThis as unknown as { __refreshTriggers: string[] }).__refreshTriggers]),
    navigations,
  });
  /** From now on: answers what happened since. */
  return async () => {
    const before = await read();
    return async () => {
      const after = await read();
      return { events: after.events.slice(before.events.length), navigations: after.navigations - before.navigations };
    };
  };
}

export const leadName = (lead: Pick<Lead, 'firstName' | 'lastName'>) => `${lead.firstName} ${lead.lastName}`;

/** Signs `user` in on `url` in a new context and opens the sales leads list (Unclaimed, the default filter). */
export async function openLeadsList(browser: Browser, url: string, user = 'sales') {
  const { context, page } = await newContext({ browser, url });
  const triggers = await countRefreshTriggers(page);
  const streamOpen = page.waitForResponse((response) => response.url().includes('/api/sync/live') && response.status() === 200);
  await signIn(page, user, { terms: 'if-asked' });
  await page.goto('/sales/leads');
  await page.getByRole('table', { name: 'Leads' }).getByRole('row').nth(1).waitFor();
  await streamOpen;
  return { context, page, triggers };
}
