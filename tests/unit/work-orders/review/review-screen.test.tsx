import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WORK_ORDER_MESSAGES } from '../../../../src/contract';
import {
  addAttachmentCall,
  addServiceItemCall,
  createServiceRequestCall,
  updateServiceItemCall,
} from '../../../../src/features/work-orders/api/calls';
import { CACHE_KINDS } from '../../../../src/features/work-orders/api/keys';
import {
  REVIEW_LOAD_ERROR_MESSAGE,
  REVIEW_NOT_FOUND_MESSAGE,
  SUBMIT_BLOCKED_TITLE,
} from '../../../../src/features/work-orders/components/review/review-screen';
import { ARCHIVE_ERROR, WORK_ORDER_CONFIRMATIONS, WORK_ORDER_TOASTS } from '../../../../src/features/work-orders/messages';
import { requestRef } from '../../../../src/features/work-orders/model';
import { getOffline } from '../../../../src/offline/runtime';
import { notOnDeviceMessage } from '../../../../src/ui/not-on-device';
import { demoProfile } from '../../fixtures/demo-profiles';
import { serverRequest, viewOf, workOrderRequest } from './fixtures';
import { calls, jsonResponse, notices, renderReview, setUp, tearDown, type FakeServer } from './harness';

const service = demoProfile('service');
const viewer = demoProfile('viewer');
let server: FakeServer;

beforeEach(() => {
  server = setUp();
  server.requests.set(41, serverRequest());
});
afterEach(() => {
  cleanup();
  tearDown();
});

const heading = () => screen.findByRole('heading', { level: 1, name: /^Work Order 0/ });
const section = (name: string) => screen.getByRole('region', { name });
const confirmWith = async (text: string, answer: 'Yes' | 'No') => {
  const dialog = await screen.findByRole('dialog');
  expect(dialog.textContent).toContain(text);
  fireEvent.click(within(dialog).getByRole('button', { name: answer }));
};

describe('work order review (spec 3 §2)', () => {
  it('shows the header data, costs, items, parts and attachments, with the editor’s controls', async () => {
    renderReview(service, '/servicerequests/41/');
    expect((await heading()).textContent).toBe('Work Order 000041');
    expect(screen.getByText('Unsubmitted')).toBeTruthy();
    for (const text of ['Maynardville (910)', 'MAY012345TN', '32LEG80A5', 'Ann Lee', '1 Main St, Knoxville, TN 37919', '06/10/2026']) {
      expect(screen.getAllByText(text).length).toBeGreaterThan(0);
    }
    const costs = section('Costs');
    expect(within(costs).getByText('Total Service Cost').nextElementSibling?.textContent).toBe('$142.00');
    expect(within(costs).getByText('Total Combined Cost').nextElementSibling?.textContent).toBe('$152.00');
    expect(within(section('Service Items')).getByRole('heading', { name: 'Service item 1' })).toBeTruthy();
    expect(within(section('Parts Items')).getByRole('heading', { name: 'Door strike' })).toBeTruthy();
    expect(within(section('Attachments')).getByText('Door frame')).toBeTruthy();

    expect(screen.getByRole('link', { name: 'Edit Information' }).getAttribute('href')).toBe('/servicerequests/41/910/000041/info');
    expect(screen.getByRole('link', { name: 'Edit Additional Information' }).getAttribute('href')).toBe(
      '/servicerequests/41/910/000041/additionalInfo',
    );
    expect(screen.getByRole('link', { name: 'Add Service Item' }).getAttribute('href')).toBe('/servicerequests/41/910/000041/serviceitems');
    expect(screen.getByRole('link', { name: 'Add Parts Item' }).getAttribute('href')).toBe('/servicerequests/41/PartsOrder/81');
    expect(screen.getByRole('link', { name: 'Add Attachment' }).getAttribute('href')).toBe(
      '/servicerequests/41/910/000041/ServiceAttachment',
    );
    expect(screen.getByRole('link', { name: 'Edit service item 1' }).getAttribute('href')).toBe(
      '/servicerequests/41/910/000041/serviceitems/1',
    );
    expect(screen.getByRole('link', { name: 'Edit parts item Door strike' }).getAttribute('href')).toBe(
      '/servicerequests/41/PartsOrder/81/PartsItem/601',
    );
    expect(screen.getByRole('link', { name: 'Edit attachment Door frame' }).getAttribute('href')).toBe(
      '/servicerequests/41/ServiceAttachment/701/910/000041',
    );
    expect(screen.getByRole('button', { name: 'Submit' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel Work Order' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Archive' })).toBeNull();
  });

  it('is view only for a service viewer (spec 3 §4), and for a request the server does not let one edit', async () => {
    const { unmount } = renderReview(viewer, '/servicerequests/41/');
    await heading();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    expect(screen.queryByRole('link', { name: /^(Edit|Add) / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete / })).toBeNull();
    unmount();

    server.requests.set(41, serverRequest({ canEdit: false }));
    renderReview(service, '/servicerequests/41/');
    await heading();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Add Service Item' })).toBeNull();
  });

  it('an attachment photo is read with the user’s token into an object URL (an <img> could not send it)', async () => {
    document.cookie = 'Bearer=token-of-ann; path=/';
    let authorization: string | null = null;
    server.readers['/images/'] = (url, init) => {
      authorization = new Headers(init.headers).get('Authorization');
      return url.searchParams.get('folder') === 'ServiceAttachments' && url.searchParams.get('fileName') === 'doc701.jpg'
        ? new Response(new Uint8Array([0xff, 0xd8, 0xff]), { headers: { 'content-type': 'image/jpeg' } })
        : jsonResponse(404, { message: 'no' });
    };
    const { createObjectURL, revokeObjectURL } = URL;
    let created = 0;
    URL.createObjectURL = () => `blob:photo-${++created}`;
    URL.revokeObjectURL = () => undefined;
    try {
      renderReview(service, '/servicerequests/41/');
      await waitFor(() => expect(screen.getByRole('img', { name: 'Photo: Door frame' }).getAttribute('src')).toMatch(/^blob:photo-/));
      expect(authorization).toBe('Bearer token-of-ann');
    } finally {
      cleanup();
      Object.assign(URL, { createObjectURL, revokeObjectURL });
      document.cookie = 'Bearer=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    }
  });

  it('not found and load failure are states of the screen (spec 3 §4, §8)', async () => {
    const { unmount } = renderReview(service, '/servicerequests/77/');
    expect(await screen.findByText(REVIEW_NOT_FOUND_MESSAGE)).toBeTruthy();
    unmount();
    server.readers['/api/service/41'] = () => jsonResponse(500, { message: 'Boom' });
    renderReview(service, '/servicerequests/41/');
    expect((await screen.findByRole('alert')).textContent).toContain(REVIEW_LOAD_ERROR_MESSAGE);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('offline, shows the kept copy with its age', async () => {
    await getOffline().db.entities.put({
      kind: CACHE_KINDS.detail,
      id: '41',
      data: serverRequest({ caseSubject: 'Kept copy' }),
      updatedAt: Date.now() - 3 * 3_600_000,
    });
    server.readers['/api/service/41'] = () => {
      throw new TypeError('Failed to fetch');
    };
    renderReview(service, '/servicerequests/41/');
    expect(await screen.findByText(/Saved copy, updated 3 hours ago/)).toBeTruthy();
    expect(screen.getByText('Kept copy')).toBeTruthy();
  });
});

describe('work orders offline (issue 19)', () => {
  const serverUnreachable = () =>
    server.fetchMock.mockImplementation(async () => {
      throw new TypeError('Failed to fetch');
    });

  it('a work order read by its work-order id is kept once, under its request id, and opens offline by either address', async () => {
    server.requests.set(41, workOrderRequest({ caseSubject: 'Leaking roof' }));
    const online = renderReview(service, '/workorders/700041');
    await screen.findByRole('heading', { level: 1, name: 'Work Order WO-0000041' });
    const keptIds = async () => (await getOffline().db.entities.where('kind').equals(CACHE_KINDS.detail).primaryKeys()).map(([, id]) => id);
    await waitFor(async () => expect(await keptIds()).toEqual(['41']));
    online.unmount();

    serverUnreachable();
    for (const address of ['/workorders/700041', '/servicerequests/41/']) {
      const offline = renderReview(service, address);
      await screen.findByRole('heading', { level: 1, name: 'Work Order WO-0000041' });
      expect(await screen.findByText(/Saved copy, updated/)).toBeTruthy();
      expect(screen.getByText('Leaking roof')).toBeTruthy();
      offline.unmount();
    }
    expect(await keptIds()).toEqual(['41']);
  });

  it('offline, a work order that is not kept on the device says so plainly, with no Try again', async () => {
    serverUnreachable();
    renderReview(service, '/workorders/700099');
    expect(await screen.findByText(notOnDeviceMessage('work order'))).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.queryByText(REVIEW_LOAD_ERROR_MESSAGE)).toBeNull();
  });
});

describe('submit, cancel, archive (spec 3 §4, §5, §8)', () => {
  it('Submit runs the §5 checks first and sends nothing while they fail', async () => {
    server.requests.set(41, serverRequest({ requestType: '', endDate: '2026-06-12', serviceItems: [] }));
    renderReview(service, '/servicerequests/41/');
    await heading();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(SUBMIT_BLOCKED_TITLE);
    expect([...alert.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      WORK_ORDER_MESSAGES.requestTypeRequired,
      WORK_ORDER_MESSAGES.serviceItemRequired,
      WORK_ORDER_MESSAGES.endWithoutStart,
    ]);
    expect(server.sent).toHaveLength(0);
  });

  it('a staged request is submitted (POST SubmitServiceRequest) and the user goes to /service', async () => {
    server.requests.set(41, serverRequest({ requestType: 'A' }));
    const { router } = renderReview(service, '/servicerequests/41/');
    await heading();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/service'));
    expect(calls(server)).toEqual(['POST /Service/41/SubmitServiceRequest']);
    expect(notices.map((notice) => notice.title)).toContain(WORK_ORDER_TOASTS.submitted);
  });

  it('a work order is submitted with PUT …/submit', async () => {
    server.requests.set(41, workOrderRequest({ performedDate: '2026-06-12' }));
    const { router } = renderReview(service, '/workorders/700041');
    await screen.findByRole('heading', { level: 1, name: 'Work Order WO-0000041' });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/service'));
    expect(calls(server)).toEqual(['PUT /service/workorders/700041/submit']);
  });

  it('a refused submit shows the server’s reason and reloads the request (spec 3 §8)', async () => {
    server.requests.set(41, serverRequest({ requestType: 'A' }));
    server.answerWith(() => ({ status: 400, body: { message: 'At least one service item is required. (serviceItems)' } }));
    const { router } = renderReview(service, '/servicerequests/41/');
    await heading();
    const readsBefore = server.reads.filter((read) => read === 'GET /api/service/41').length;
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const alert = (await screen.findByText(SUBMIT_BLOCKED_TITLE)).closest('[role="alert"]')!;
    await waitFor(() => expect(alert.textContent).toContain('At least one service item is required.'));
    expect(alert.textContent).not.toContain('(serviceItems)');
    // Nothing of it stays queued: the server refused it, so the screen shows why instead.
    await waitFor(() => expect(screen.queryByText('A change was not saved')).toBeNull());
    await waitFor(() => expect(server.reads.filter((read) => read === 'GET /api/service/41').length).toBeGreaterThan(readsBefore));
    expect(router.state.location.pathname).toBe('/servicerequests/41/');
  });

  it('Cancel of a staged request asks, then removes it (DELETE) and goes to /service; No keeps it', async () => {
    const { router } = renderReview(service, '/servicerequests/41/');
    await heading();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel Work Order' }));
    await confirmWith(WORK_ORDER_CONFIRMATIONS.cancelStaged, 'No');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.sent).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel Work Order' }));
    await confirmWith(WORK_ORDER_CONFIRMATIONS.cancelStaged, 'Yes');
    await waitFor(() => expect(router.state.location.pathname).toBe('/service'));
    expect(calls(server)).toEqual(['DELETE /service/41']);
    expect(notices.map((notice) => notice.title)).toContain(WORK_ORDER_TOASTS.canceled);
  });

  it('Cancel of a work order asks the §8 question and then does nothing', async () => {
    server.requests.set(41, workOrderRequest());
    const { router } = renderReview(service, '/workorders/700041');
    await screen.findByRole('heading', { level: 1, name: 'Work Order WO-0000041' });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel Work Order' }));
    await confirmWith(WORK_ORDER_CONFIRMATIONS.cancelWorkOrder, 'Yes');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.sent).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/workorders/700041');
  });

  it('Archive (closed work order) asks, sends PUT …/archive; a failure says Error Archiving Work Order.', async () => {
    server.requests.set(41, workOrderRequest({ status: 'P', isClosed: true, canEdit: false, canArchive: true }));
    renderReview(service, '/workorders/700041');
    await screen.findByRole('heading', { level: 1, name: 'Work Order WO-0000041' });
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    server.answerWith(() => ({ status: 409, body: { message: WORK_ORDER_MESSAGES.cannotArchive } }));
    fireEvent.click(screen.getByRole('button', { name: 'Archive' }));
    await confirmWith(WORK_ORDER_CONFIRMATIONS.archive, 'Yes');
    await waitFor(() => expect(notices.map((notice) => notice.title)).toContain(ARCHIVE_ERROR));
    expect(calls(server)).toEqual(['PUT /service/workorders/700041/archive']);

    server.answerWith(() => ({ status: 200, body: {} }));
    fireEvent.click(screen.getByRole('button', { name: 'Archive' }));
    await confirmWith(WORK_ORDER_CONFIRMATIONS.archive, 'Yes');
    await waitFor(() => expect(notices.map((notice) => notice.title)).toContain(WORK_ORDER_TOASTS.archived));
  });

  it('Delete asks the §8 question and removes the row', async () => {
    renderReview(service, '/servicerequests/41/');
    await heading();
    fireEvent.click(screen.getByRole('button', { name: 'Delete service item 1' }));
    await confirmWith(WORK_ORDER_CONFIRMATIONS.deleteItem, 'Yes');
    await waitFor(() => expect(calls(server)).toEqual(['DELETE /service/41/items/501']));
    fireEvent.click(screen.getByRole('button', { name: 'Delete attachment Door frame' }));
    await confirmWith(WORK_ORDER_CONFIRMATIONS.deleteItem, 'Yes');
    await waitFor(() => expect(calls(server)).toContain('DELETE /Service/41/910/000041/ServiceAttachment/701'));
  });
});

describe('changes waiting on the device', () => {
  it('marks pending rows and a refused change, with Retry and Discard (asked first)', async () => {
    const ref = requestRef(viewOf(serverRequest()));
    const { outbox } = getOffline();
    server.answerWith(() => ({ status: 409, body: { message: 'This record was changed by someone else.' } }));
    await outbox.enqueue(
      updateServiceItemCall(
        ref,
        '501',
        {
          problemDescription: 'Changed',
          determinedCause: 'c',
          actionTaken: 'a',
          declinedReason: '',
          serviceRequestCode: '',
          partsCost: 1,
          laborHours: 1,
          isTwoMan: false,
          rowVersion: 2,
        },
        {},
      ),
    );
    await outbox.replay({ force: true });
    await outbox.enqueue(
      addServiceItemCall(ref, {
        problemDescription: 'Queued',
        determinedCause: 'c',
        actionTaken: 'a',
        declinedReason: '',
        serviceRequestCode: '',
        partsCost: 1,
        laborHours: 2,
        isTwoMan: false,
      }).call,
    );

    renderReview(service, '/servicerequests/41/');
    await heading();
    const items = section('Service Items');
    const failedRow = within(items).getByRole('heading', { name: 'Service item 1' }).closest('li')!;
    expect(failedRow.textContent).toContain('Not saved: This record was changed by someone else.');
    const pendingRow = within(items).getByRole('heading', { name: 'Service item 2' }).closest('li')!;
    expect(pendingRow.textContent).toContain('Pending');
    expect(within(pendingRow).getByRole('link', { name: 'Edit service item 2' })).toBeTruthy();

    const banner = screen.getByRole('alert');
    expect(banner.textContent).toContain('Update service item: This record was changed by someone else.');
    expect(within(banner).getByRole('link', { name: 'See all pending changes' }).getAttribute('href')).toBe('/pending-changes');

    fireEvent.click(within(failedRow).getByRole('button', { name: 'Discard Update service item' }));
    await confirmWith('Discard “Update service item”? It has not reached the server and will be lost.', 'Yes');
    await waitFor(() => expect(screen.queryByText(/Not saved/)).toBeNull());
    expect((await getOffline().db.outbox.toArray()).map((entry) => entry.label)).toEqual(['Add service item']);
  });

  it('shows upload progress while the outbox sends a photo', async () => {
    let finish: () => void = () => undefined;
    server.answerWith((_entry, options) => {
      options.onUploadProgress?.(500, 2000);
      return new Promise((resolve) => (finish = () => resolve({ status: 201, body: { serviceAttachmentId: 9 } })));
    });
    const photo = new Blob([new Uint8Array(2000)], { type: 'image/jpeg' });
    await getOffline().outbox.enqueue(
      addAttachmentCall(requestRef(viewOf(serverRequest())), { attachmentType: 1, description: '', amount: 0 }, photo, 'door.jpg').call,
    );
    renderReview(service, '/servicerequests/41/');
    await heading();
    expect(screen.queryByRole('progressbar')).toBeNull();
    void getOffline().outbox.replay({ force: true });
    const bar = await screen.findByRole('progressbar', { name: 'Uploading attachment' });
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    finish();
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
  });

  it('a request made on this device opens by its temp id, marked, and moves to its server id once sent', async () => {
    const created = createServiceRequestCall({ plantNumber: '910', serialNumber: 'MAY012345TN', assetId: 7 }, 'America/Chicago');
    await getOffline().outbox.enqueue(created.call);
    const { router } = renderReview(service, `/servicerequests/${created.tempId}/`);
    await screen.findByRole('heading', { level: 1, name: 'Work Order New request (not yet numbered)' });
    expect(screen.getByText('This request was made on this device and has not reached the server yet.')).toBeTruthy();
    expect(screen.getAllByText('Pending').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Edit Information' }).getAttribute('href')).toBe(
      `/servicerequests/${created.tempId}/910/${created.numberTempId}/info`,
    );

    server.answerWith(() => ({ status: 201, body: serverRequest() }));
    await getOffline().outbox.replay({ force: true });
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/servicerequests\/41\/?$/));
    expect((await heading()).textContent).toBe('Work Order 000041');
  });
});
