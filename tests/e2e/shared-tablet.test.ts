import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  demoUser,
  newContext,
  seriousAxeViolations,
  signIn,
  startE2eApp,
  waitForServiceWorker,
  waitOnServer,
  type E2eApp,
} from './harness';
import { readServiceRequest, stagedServiceRequest } from './service-requests';

/*
 * Issue 22 §1 in Chromium: one tablet, two users. Sam (service@) queues changes offline and signs out; Alex (admin@)
 * signs in on the same browser and sees them as Sam's, with how they get sent, and cannot discard them or settle
 * Sam's conflict. Sam signs in again: one change is sent, and Sam settles the other by discarding it.
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

const SAM = demoUser('service');
const WAITING_FOR_SAM = `Waiting for ${SAM}: they sign in on this device to send it.`;
const ONLY_SAM = `Made by ${SAM}: only they can send or discard it, after signing in on this device.`;

let homeIndex = 0;
/** A staged request on a home of service@ (retail center 4217, which admin@ serves too), made through the API. */
const stagedRequest = () => stagedServiceRequest(app, token, homeIndex++);
const readRequest = (id: number) => readServiceRequest(app, token, id);

/** Someone else's save of a request's technician, on the version the server has now. */
async function theirTechnician(id: number, technician: string) {
  const current = await readRequest(id);
  const body = {
    requestType: current.requestType ?? '',
    caseSubject: current.caseSubject ?? '',
    caseDescription: current.caseDescription ?? '',
    technician,
    requestDate: current.requestDate,
    scheduledDate: current.scheduledDate,
    performedDate: current.performedDate,
    startDate: current.startDate,
    endDate: current.endDate,
    tripTime: current.tripTime ?? 0,
    mileage: current.mileage ?? 0,
    otherCosts: current.otherCosts ?? 0,
    rowVersion: current.rowVersion,
  };
  expect((await app.api('PUT', `/api/service/${id}`, { token, body })).status).toBe(200);
}

/** Saves a technician on the request's Information panel with no connection (it is queued). */
async function queueTechnician(page: Page, id: number, technician: string) {
  await page.goto(`/servicerequests/${id}`);
  await page.getByRole('link', { name: 'Edit Information' }).click();
  const panel = page.getByRole('dialog', { name: 'Information' });
  await panel.getByLabel('Technician').fill(technician);
  await panel.getByRole('button', { name: 'Save' }).click();
  await panel.waitFor({ state: 'detached' });
}

async function signOut(page: Page, firstName: string) {
  await page.getByRole('button', { name: new RegExp(firstName) }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL('**/login');
}

const changesOn = async (page: Page): Promise<Locator> => {
  await page.goto('/pending-changes');
  await page.getByRole('heading', { name: 'Pending changes' }).waitFor();
  return page.getByRole('listitem', { name: 'Update work order information' });
};

describe('a shared tablet (issue 22 §1)', () => {
  it('another user sees the changes as theirs, cannot discard them or settle their conflict; their author sends and discards', async () => {
    const sent = await stagedRequest();
    const conflicted = await stagedRequest();
    const { context, page } = await newContext(app, { serviceWorker: true });

    // Sam opens both records online (they are kept on the device), queues a change of each with no connection, and
    // signs out, still offline (the sign-out is local).
    await signIn(page, 'service');
    await waitForServiceWorker(page);
    for (const request of [sent, conflicted]) {
      await page.goto(`/servicerequests/${request.serviceRequestId}`);
      await page.getByRole('link', { name: 'Edit Information' }).waitFor();
    }
    await context.setOffline(true);
    await queueTechnician(page, sent.serviceRequestId, 'Sam Tech');
    await queueTechnician(page, conflicted.serviceRequestId, 'Sam Other Tech');
    await signOut(page, 'Sam');
    await theirTechnician(conflicted.serviceRequestId, 'Their Tech');
    await context.setOffline(false);

    // Alex signs in on the same tablet: Sam's changes wait for Sam, and nothing offers to discard them.
    await signIn(page, 'admin', { terms: 'if-asked' });
    let changes = await changesOn(page);
    await changes.first().waitFor();
    expect(await changes.count()).toBe(2);
    for (const change of await changes.all()) expect(await change.getByText(WAITING_FOR_SAM).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Discard' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    // Nothing of Sam's went out under Alex's sign-in.
    expect((await readRequest(sent.serviceRequestId)).technician).not.toBe('Sam Tech');
    await signOut(page, 'Alex');

    // Sam again: the first change is sent, the second meets their newer version and waits for Sam's choice.
    await signIn(page, 'service', { terms: 'if-asked' });
    await waitOnServer(
      page,
      () => readRequest(sent.serviceRequestId),
      (request) => request.technician === 'Sam Tech',
    );
    expect((await readRequest(sent.serviceRequestId)).technician).toBe('Sam Tech');
    changes = await changesOn(page);
    await changes.getByRole('button', { name: 'Keep theirs' }).waitFor({ timeout: 30_000 });
    expect(await changes.getByRole('button', { name: 'Discard' }).count()).toBe(1);
    await signOut(page, 'Sam');

    // Alex cannot settle Sam's conflict either: keeping theirs would drop Sam's change.
    await signIn(page, 'admin', { terms: 'if-asked' });
    changes = await changesOn(page);
    await changes.getByText(ONLY_SAM).waitFor();
    expect(await changes.getByRole('radio').count()).toBe(0);
    expect(await changes.getByRole('button').count()).toBe(0);
    await signOut(page, 'Alex');

    // Sam discards it: their version stays, and nothing is left on the device.
    await signIn(page, 'service', { terms: 'if-asked' });
    changes = await changesOn(page);
    await changes.getByRole('button', { name: 'Discard' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await page.getByText('No changes are waiting.', { exact: false }).waitFor();
    const kept = await readRequest(conflicted.serviceRequestId);
    expect(kept.technician).toBe('Their Tech');
    expect(kept.rowVersion).toBe(conflicted.rowVersion + 1);
    await context.close();
  });
});
