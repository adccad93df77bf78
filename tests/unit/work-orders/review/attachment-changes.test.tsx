import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getOffline } from '../../../../src/offline/runtime';
import { demoProfile } from '../../fixtures/demo-profiles';
import { serverRequest } from './fixtures';
import { renderReview, setUp, tearDown, type FakeServer } from './harness';

/*
 * Issue 22 §11: an attachment update queued on the device says which of its fields the user changed
 * (OutboxCall.changes), so that a later settled conflict is not undone by the fields it only carries.
 */

const service = demoProfile('service');
let server: FakeServer;

beforeEach(() => {
  server = setUp();
  // The attachment as stored: a Service Issue 'Door frame' with no amount (0).
  server.requests.set(41, serverRequest({ requestType: 'A' }));
  server.readers['/images/'] = () => new Response(new Uint8Array([0xff, 0xd8, 0xff]), { headers: { 'content-type': 'image/jpeg' } });
  Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
  // No write gets an answer: the update stays queued on the device.
  server.answerWith(() => {
    throw new TypeError('Failed to fetch');
  });
});
afterEach(() => {
  cleanup();
  tearDown();
  Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
});

const panel = () =>
  waitFor(() => {
    const dialog = screen.getByRole('dialog', { name: 'Edit Attachment' });
    within(dialog).getByRole('button', { name: 'Save' });
    return dialog;
  });
const field = (dialog: HTMLElement, label: RegExp) => within(dialog).getByLabelText(label) as HTMLInputElement;
const type = (dialog: HTMLElement, label: RegExp, value: string) => {
  fireEvent.input(field(dialog, label), { target: { value } });
  fireEvent.blur(field(dialog, label));
};

/** The attachment panel's one edit, saved offline: the queued entry. */
async function queuedAfter(edit: (dialog: HTMLElement) => void) {
  renderReview(service, '/servicerequests/41/ServiceAttachment/701/910/000041');
  const dialog = await panel();
  expect(field(dialog, /^Description/).value).toBe('Door frame');
  edit(dialog);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(async () => expect(await getOffline().db.outbox.count()).toBe(1));
  // The save ends (the panel closes) before the test does, so nothing updates a torn-down screen.
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Attachment' })).toBeNull());
  return (await getOffline().db.outbox.toArray())[0]!;
}

describe('the attachment update says which fields the user changed (issue 22 §11)', () => {
  it('the description alone', async () => {
    const entry = await queuedAfter((dialog) => type(dialog, /^Description/, 'Door frame, left side'));
    expect(entry).toMatchObject({ method: 'PUT', path: '/Service/41/910/000041/ServiceAttachment/701', status: 'pending' });
    expect(entry.body).toEqual({ attachmentType: 1, description: 'Door frame, left side', amount: 0, rowVersion: 0 });
    expect(entry.changes).toEqual(['description']);
  });

  it('the type alone (a number on the attachment, a choice on the form)', async () => {
    const entry = await queuedAfter((dialog) => fireEvent.click(within(dialog).getByRole('radio', { name: 'Receipt/Invoice' })));
    expect(entry.body).toMatchObject({ attachmentType: 2, description: 'Door frame', amount: 0 });
    expect(entry.changes).toEqual(['attachmentType']);
  });

  it('the amount alone (empty on the form, 0 on the attachment)', async () => {
    const entry = await queuedAfter((dialog) => type(dialog, /^Amount/, '45.10'));
    expect(entry.body).toMatchObject({ attachmentType: 1, description: 'Door frame', amount: 45.1 });
    expect(entry.changes).toEqual(['amount']);
  });
});
