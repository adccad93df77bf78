// What the in-browser benchmarks share: Debian's Chromium through playwright-core, and signing in a demo user.
import { chromium, type Locator, type Page } from 'playwright-core';

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const launchChromium = () => chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ARGS });

export async function timed(task: () => Promise<unknown>) {
  const began = performance.now();
  await task();
  return performance.now() - began;
}

/**
 * Waits until `locator` shows, asking every few milliseconds. Playwright's own waitFor asks at growing intervals
 * (up to 500 ms apart), which would round the short times measured here up to its next try.
 */
export async function shown(locator: Locator, timeoutMs = 60_000) {
  const deadline = performance.now() + timeoutMs;
  while (!(await locator.first().isVisible())) {
    if (performance.now() > deadline) throw new Error(`not shown within ${timeoutMs} ms: ${String(locator)}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * Signs `user` (the part of a demo e-mail before @) in through the login screen and agrees to the Terms of Use
 * when they are asked (a server another benchmark used already may have them agreed); the service worker is ready
 * afterwards, so that the app also opens offline.
 */
export async function signInInBrowser(page: Page, user: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(`${user}@demo.homesite.test`);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/home');
  const agree = page.getByRole('dialog', { name: 'Terms of Use' }).getByRole('button', { name: 'Agree', exact: true });
  // The dialog opens once the terms document has loaded: give it a moment before deciding it is not asked.
  if (
    await agree.waitFor({ timeout: 5_000 }).then(
      () => true,
      () => false,
    )
  )
    await agree.click();
  await page.evaluate(() => navigator.serviceWorker.ready);
}
