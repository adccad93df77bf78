import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newContext, seriousAxeViolations, signInByToken, startE2eApp, waitForServiceWorker, type E2eApp } from './harness';

let app: E2eApp;
beforeAll(async () => {
  // The full chromium: the headless shell plays no video (the test plays the help video).
  app = await startE2eApp({ fullChromium: true });
});
afterAll(async () => {
  await app?.close();
});

const library = (page: Page) => page.getByRole('navigation', { name: 'Help library' });
const reader = (page: Page) => page.locator('.help-reader');
// The viewer's own status, not the 'Page N of M' footer printed in the PDF.
const tools = (page: Page) => page.getByRole('toolbar');

describe('Help', () => {
  it('reads PDFs with page navigation and search, plays the video, and reads an opened PDF offline', async () => {
    const { context, page } = await newContext(app, { serviceWorker: true });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signInByToken(app, page, 'service');

    await page.goto('/help');
    await page.getByRole('heading', { name: 'Help', level: 1 }).waitFor();
    expect(await page.title()).toBe('HomeSite - Help');
    const documents = library(page).getByRole('region', { name: 'Documents' });
    await documents.getByRole('link', { name: /Getting Started with HomeSite/ }).waitFor();
    expect(await documents.getByRole('link').count()).toBe(5);
    await library(page)
      .getByRole('region', { name: 'Videos' })
      .getByRole('link', { name: /Finding Your Way Around HomeSite/ })
      .waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // A six-page guide: page navigation and search across its pages (spec 1 §2 Help).
    await documents.getByRole('link', { name: /Submitting a Service Request/ }).click();
    await reader(page).getByRole('heading', { name: 'Submitting a Service Request' }).waitFor();
    await tools(page).getByText('Page 1 of 6').waitFor();
    await reader(page).locator('.textLayer').getByText('Before you start').waitFor();
    await reader(page).getByRole('button', { name: 'Next page' }).click();
    await tools(page).getByText('Page 2 of 6').waitFor();
    await reader(page).locator('.textLayer').getByText('Find the home').waitFor();

    // 'catalog' is written on page 4 only: the search goes there and marks it.
    await reader(page).getByRole('searchbox', { name: 'Search in document' }).fill('catalog');
    await reader(page).getByText('1 of 1 matches').waitFor();
    await tools(page).getByText('Page 4 of 6').waitFor();
    await reader(page).locator('mark.pdf-viewer__match--current', { hasText: 'catalog' }).waitFor();
    await reader(page).getByRole('searchbox', { name: 'Search in document' }).fill('serial number');
    await reader(page)
      .getByText(/^1 of [2-9] matches$/)
      .waitFor();
    await reader(page).getByRole('button', { name: 'Next match' }).click();
    await reader(page)
      .getByText(/^2 of [2-9] matches$/)
      .waitFor();

    // Zoom and page number input.
    await reader(page).getByRole('button', { name: 'Zoom in' }).click();
    await page.getByLabel('Go to page').fill('6');
    await page.getByLabel('Go to page').press('Enter');
    await tools(page).getByText('Page 6 of 6').waitFor();
    await reader(page).getByRole('button', { name: 'Fit width' }).click();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Download (the DownloadHelpDocument answer, named by the server) and open in a new tab (the bytes held).
    const [download] = await Promise.all([page.waitForEvent('download'), reader(page).getByRole('button', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toBe('Submitting a Service Request.pdf');
    const [tab] = await Promise.all([context.waitForEvent('page'), reader(page).getByRole('button', { name: 'Open in new tab' }).click()]);
    expect(tab.url()).toMatch(/^blob:/);
    await tab.close();

    // Opened once, the guide is kept on the device and the list says so.
    await documents
      .getByRole('link', { name: /Submitting a Service Request/ })
      .getByText('Available offline')
      .waitFor();

    // The 10-byte upload: 'no results' (spec 1 §8), nothing to download or open.
    await documents.getByRole('link', { name: /Service Rate Sheet/ }).click();
    await reader(page).getByText('No results').waitFor();
    expect(await reader(page).getByRole('button', { name: 'Download' }).isDisabled()).toBe(true);

    // The video plays from the server in byte ranges (the <video> element signs in with the token cookie) and seeks.
    await library(page)
      .getByRole('link', { name: /Finding Your Way Around HomeSite/ })
      .click();
    const video = reader(page).locator('video');
    await video.waitFor();
    const duration = await video.evaluate(
      (element: HTMLVideoElement) =>
        new Promise<number>((resolve, reject) => {
          if (element.readyState >= 1) resolve(element.duration);
          element.addEventListener('loadedmetadata', () => resolve(element.duration), { once: true });
          element.addEventListener('error', () => reject(new Error(`video error ${element.error?.code}`)), { once: true });
        }),
    );
    expect(duration).toBeCloseTo(12, 0);
    const seekedTo = await video.evaluate(
      (element: HTMLVideoElement) =>
        new Promise<number>((resolve) => {
          element.addEventListener('seeked', () => resolve(element.currentTime), { once: true });
          element.currentTime = 9;
        }),
    );
    expect(seekedTo).toBeCloseTo(9, 0);
    expect(await video.evaluate((element: HTMLVideoElement) => element.textTracks[0]?.label)).toBe('English');

    // Offline: the app reloads from the service worker and the guide renders from IndexedDB.
    await documents.getByRole('link', { name: /Submitting a Service Request/ }).click();
    await tools(page).getByText('Page 1 of 6').waitFor();
    await waitForServiceWorker(page);
    await context.setOffline(true);
    await page.reload();
    await reader(page).getByRole('heading', { name: 'Submitting a Service Request' }).waitFor();
    await tools(page).getByText('Page 1 of 6').waitFor();
    await reader(page)
      .getByText(/Offline copy, saved (just now|1 minute ago)\./)
      .waitFor();
    await page.getByText(/^Library updated (just now|1 minute ago)$/).waitFor();
    await reader(page).locator('.textLayer').getByText('Before you start').waitFor();
    await reader(page).getByRole('button', { name: 'Next page' }).click();
    await tools(page).getByText('Page 2 of 6').waitFor();

    // A guide never opened online is not on the device.
    await documents.getByRole('link', { name: /Parts Orders and Receiving/ }).click();
    await reader(page)
      .getByText(/has not been saved on this device yet/)
      .waitFor();
    await context.setOffline(false);

    expect(errors).toEqual([]);
    await context.close();
  });
});
