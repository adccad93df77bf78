import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Driver, EmployeeSearchResult } from '../../src/contract';
import { newContext, seriousAxeViolations, signInByToken, startE2eApp, submitLogin, waitForServiceWorker, type E2eApp } from './harness';

let app: E2eApp;
beforeAll(async () => {
  app = await startE2eApp();
});
afterAll(async () => {
  await app?.close();
});

const DRIVER_PATH = '/transportation/driver-management/search';
const panel = (page: Page) => page.getByRole('dialog');
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]', { hasText: text });

describe('EBE driver management (spec 3 §2 Driver management)', () => {
  it('the driver manager lands on it after sign-in, finds an employee, adds them as a driver and updates them', async () => {
    const token = await app.tokenFor('driver');
    // An employee who is not a driver yet, with a last name shared by others (so the search has a choice to make).
    const candidates = await app.api<EmployeeSearchResult[]>('POST', '/api/transportation/hbgemployees/search', {
      token,
      body: { firstName: '', lastName: 'S' },
    });
    const employee = candidates.body.find((row) => !row.isDriver)!;
    expect(employee).toBeTruthy();
    const name = `${employee.firstName} ${employee.lastName}`;

    const { context, page } = await newContext(app);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await submitLogin(page, 'driver');
    await page.waitForURL(`**${DRIVER_PATH}**`);
    await page.getByRole('heading', { level: 1, name: 'EBE Driver Management' }).waitFor();
    expect(await page.title()).toBe('HomeSite - EBE Driver Management');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // An empty search is not sent (spec 3 §5).
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('Enter a first name or a last name.').waitFor();

    await page.getByLabel('First name').fill(employee.firstName.slice(0, 3).toLowerCase());
    await page.getByLabel('Last name').fill(employee.lastName);
    await page.getByRole('button', { name: 'Search' }).click();
    const row = page.getByRole('listitem').filter({ hasText: `#${employee.employeeNumber}` });
    await row.getByText('Not Assigned Driver').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Add to Drivers.
    await row.getByRole('link', { name: `Add to Drivers: ${name}` }).click();
    await panel(page).getByRole('heading', { name: 'Add to Drivers' }).waitFor();
    await panel(page).getByText(name).waitFor();
    await panel(page).getByRole('button', { name: 'Save' }).click();
    await panel(page).getByText('Driver type is required.').waitFor();
    await panel(page).getByLabel('Driver type').selectOption({ label: 'Pilot Car' });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await panel(page).getByRole('button', { name: 'Save' }).click();
    await toast(page, `${name} has been successfully added to Drivers!`).waitFor();
    await panel(page).waitFor({ state: 'detached' });
    await row.getByText('Assigned Driver', { exact: true }).waitFor();
    const added = await app.api<Driver>('GET', `/api/transportation/drivers/${employee.employeeNumber}`, { token });
    expect(added).toMatchObject({
      status: 200,
      body: { employee: { employeeNumber: employee.employeeNumber }, driverType: { description: 'Pilot Car' }, rowVersion: 0 },
    });

    // Update Driver.
    await row.getByRole('link', { name: `Update Driver: ${name}` }).click();
    await panel(page).getByRole('heading', { name: 'Update Driver' }).waitFor();
    expect(await panel(page).getByLabel('Driver type').inputValue()).toBe(String(added.body.driverType.id));
    await panel(page).getByLabel('Driver type').selectOption({ label: 'Yard Driver' });
    await panel(page).getByRole('button', { name: 'Save' }).click();
    await toast(page, `Driver ${name} has been successfully updated!`).waitFor();
    await panel(page).waitFor({ state: 'detached' });
    const updated = await app.api<Driver>('GET', `/api/transportation/drivers/${employee.employeeNumber}`, { token });
    expect(updated.body).toMatchObject({ driverType: { description: 'Yard Driver' }, rowVersion: 1 });

    // Tablet width: still readable, no serious axe violation (once the toasts have faded).
    // The pointer rests where Save was, over the toasts, which pauses them: move it away first.
    await page.mouse.move(10, 10);
    await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 15_000 });
    await page.setViewportSize({ width: 820, height: 1100 });
    await row.getByText('Assigned Driver', { exact: true }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends users who are not EBE users home', async () => {
    const { context, page } = await newContext(app);
    await signInByToken(app, page, 'service');
    await page.goto(DRIVER_PATH);
    await page.waitForURL('**/home');
    expect(page.url()).not.toContain('transportation');
    await context.close();
  });
});

describe('Learn (spec 3 §2 Learn and Help)', () => {
  it('lists manuals by category, opens a sub-category and a PDF in the shared viewer, and reads it again offline after a reload', async () => {
    const { context, page } = await newContext(app, { serviceWorker: true });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signInByToken(app, page, 'service');

    await page.goto('/learn');
    await page.getByRole('heading', { level: 1, name: 'Learn' }).waitFor();
    const installation = page.getByRole('region', { name: 'Installation and Setup' });
    await installation.getByRole('link', { name: /Foundations and Anchoring/ }).waitFor();
    // A retail center user: customer-experience e-learning only (spec 1 §6).
    const eLearning = page.getByRole('region', { name: 'E-Learning' });
    await eLearning.getByText('Customer Experience E-Learning').waitFor();
    expect(await eLearning.getByText('Energy Credits E-Learning').count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await installation.getByRole('link', { name: /Foundations and Anchoring/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Learn - Foundations and Anchoring' }).waitFor();
    await page
      .getByRole('navigation', { name: 'Documents' })
      .getByRole('link', { name: /Pier and Footing Layout Guide/ })
      .click();
    const reader = page.locator('.learn-reader');
    await reader.getByRole('heading', { name: 'Pier and Footing Layout Guide' }).waitFor();
    await reader.getByRole('toolbar').getByText('Page 1 of 2').waitFor();
    await reader.locator('.textLayer').getByText('Before the home arrives').waitFor();
    await reader.getByRole('button', { name: 'Next page' }).click();
    await reader.getByRole('toolbar').getByText('Page 2 of 2').waitFor();
    await reader.getByRole('searchbox', { name: 'Search in document' }).fill('frost');
    await reader.getByText('1 of 1 matches').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page
      .getByRole('link', { name: /Pier and Footing Layout Guide/ })
      .getByText('Available offline')
      .waitFor();

    // Offline: the app reloads from the service worker, the list from the device, the PDF from IndexedDB.
    await waitForServiceWorker(page);
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Learn - Foundations and Anchoring' }).waitFor();
    await reader.getByRole('toolbar').getByText('Page 1 of 2').waitFor();
    await reader.getByText(/Offline copy, saved (just now|1 minute ago)\./).waitFor();
    await reader.locator('.textLayer').getByText('Before the home arrives').waitFor();
    await page.getByText(/Offline copy of the library, updated/).waitFor();
    // A document never opened online is not on the device.
    await page.getByRole('link', { name: /Anchoring and Tie-Down Requirements/ }).click();
    await reader.getByText(/has not been saved on this device yet/).waitFor();
    await context.setOffline(false);

    // A sub-category that does not exist shows a not-found state; the eBuilt page is there.
    await page.goto('/learn/999/999');
    await page.getByText(/is not in the Learn library/).waitFor();
    await page.goto('/learn/ebuilt');
    await page.getByRole('heading', { level: 1, name: 'eBuilt home documentation' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Tablet width: the documents above the reader, no serious axe violation.
    await page.setViewportSize({ width: 820, height: 1100 });
    await page.goto('/learn');
    await page
      .getByRole('region', { name: 'Installation and Setup' })
      .getByRole('link', { name: /Foundations and Anchoring/ })
      .click();
    await page.getByRole('link', { name: /Pier and Footing Layout Guide/ }).click();
    await reader.getByRole('toolbar').getByText('Page 1 of 2').waitFor();
    const list = await page.getByRole('navigation', { name: 'Documents' }).boundingBox();
    const readerBox = await reader.boundingBox();
    expect(readerBox!.y).toBeGreaterThanOrEqual(list!.y + list!.height);
    expect(await seriousAxeViolations(page)).toEqual([]);

    expect(errors).toEqual([]);
    await context.close();
  });
});
