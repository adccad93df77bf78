import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newContext, signInByToken, startE2eApp, waitOnServer, type E2eApp } from './harness';
import { installIndexedDbLoss, loseIndexedDb } from './indexeddb-loss';
import { readServiceRequest, stagedServiceRequest } from './service-requests';

/*
 * Issue 22 §6 in Chromium: the app's IndexedDB connection is lost as Safari on iPad loses it after a while in the
 * background (tests/e2e/indexeddb-loss.ts). A change saved then is written after the store is reopened, and sent; when
 * the store cannot be opened again, the page says "Reload to continue" instead of going blank, and works after it.
 */

let app: E2eApp;
let token: string;
beforeAll(async () => {
  app = await startE2eApp();
  token = await app.tokenFor('service');
});
afterAll(async () => {
  await app?.close();
});

let homeIndex = 0;
/** A staged request on the next home of service@, made through the API. */
const stagedRequest = async () => (await stagedServiceRequest(app, token, homeIndex++)).serviceRequestId;

const technicianOn = async (id: number) => (await readServiceRequest(app, token, id)).technician;

/** The device's outbox as stored, read on a connection of its own. */
const queuedChanges = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const opening = indexedDB.open('homesite');
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const count = opening.result.transaction('outbox').objectStore('outbox').count();
          count.onsuccess = () => {
            opening.result.close();
            resolve(count.result);
          };
        };
      }),
  );

/** Opens the request's Information panel (online, so its chunk loads) and types a technician, unsaved. */
async function typeTechnician(page: Page, id: number, technician: string) {
  await page.goto(`/servicerequests/${id}`);
  await page.getByRole('link', { name: 'Edit Information' }).click();
  const panel = page.getByRole('dialog', { name: 'Information' });
  await panel.getByLabel('Technician').fill(technician);
  return panel;
}

const reloadNotice = (page: Page) => page.getByRole('alert').filter({ hasText: 'Reload to continue' });

describe('a lost IndexedDB connection (issue 22 §6)', () => {
  it('a change saved after the connection was lost is written on a reopened store and sent', async () => {
    const id = await stagedRequest();
    const { context, page } = await newContext(app);
    await installIndexedDbLoss(context);
    await signInByToken(app, page, 'service');
    const panel = await typeTechnician(page, id, 'Reopened Tech');

    await loseIndexedDb(page);
    await panel.getByRole('button', { name: 'Save' }).click();
    await panel.waitFor({ state: 'detached' });

    expect(
      await waitOnServer(
        page,
        () => technicianOn(id),
        (technician) => technician === 'Reopened Tech',
      ),
    ).toBe('Reopened Tech');
    expect(await queuedChanges(page)).toBe(0);
    // The record and its pending marks read from the store again (live queries watched anew on the reopened store).
    await page.getByText('Reopened Tech').first().waitFor();
    expect(await reloadNotice(page).count()).toBe(0);
    await context.close();
  });

  it('a store that cannot be opened again: "Reload to continue", the form kept, and after the reload the save goes', async () => {
    const id = await stagedRequest();
    const { context, page } = await newContext(app);
    await installIndexedDbLoss(context);
    await signInByToken(app, page, 'service');
    const panel = await typeTechnician(page, id, 'Tech after reload');

    await loseIndexedDb(page, { reopenFails: true });
    await panel.getByRole('button', { name: 'Save' }).click();
    const notice = reloadNotice(page);
    await notice.waitFor();
    // Nothing was half-saved and the form is still there with what was typed: not a blank screen.
    expect(await panel.getByLabel('Technician').inputValue()).toBe('Tech after reload');
    expect(await technicianOn(id)).not.toBe('Tech after reload');

    await notice.getByRole('button', { name: 'Reload' }).click();
    await notice.waitFor({ state: 'detached' });
    const saved = await typeTechnician(page, id, 'Tech after reload');
    await saved.getByRole('button', { name: 'Save' }).click();
    await saved.waitFor({ state: 'detached' });
    expect(
      await waitOnServer(
        page,
        () => technicianOn(id),
        (technician) => technician === 'Tech after reload',
      ),
    ).toBe('Tech after reload');
    expect(await reloadNotice(page).count()).toBe(0);
    await context.close();
  });
});
