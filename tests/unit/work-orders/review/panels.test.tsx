import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WORK_ORDER_MESSAGES } from '../../../../src/contract';
import { addServiceItemCall } from '../../../../src/features/work-orders/api/calls';
import { WORK_ORDER_TOASTS } from '../../../../src/features/work-orders/messages';
import { requestRef } from '../../../../src/features/work-orders/model';
import { getOffline } from '../../../../src/offline/runtime';
import { UNSAVED_CHANGES_MESSAGE } from '../../../../src/ui/side-panel';
import { demoProfile } from '../../fixtures/demo-profiles';
import { serverRequest, viewOf, workOrderRequest } from './fixtures';
import { calls, notices, renderReview, setUp, tearDown, type FakeServer } from './harness';

const service = demoProfile('service');
let server: FakeServer;

beforeEach(() => {
  server = setUp();
  server.requests.set(41, serverRequest({ requestType: 'A' }));
});
afterEach(() => {
  cleanup();
  tearDown();
});

/** The panel once its form is there (a loading panel of the same title comes first). */
const panel = (name: string) =>
  waitFor(() => {
    const dialog = screen.getByRole('dialog', { name });
    within(dialog).getByRole('button', { name: 'Save' });
    return dialog;
  });
const REVIEW = /^\/servicerequests\/41\/?$/;
const field = (dialog: HTMLElement, label: RegExp | string) => within(dialog).getByLabelText(label) as HTMLInputElement;
const type = (dialog: HTMLElement, label: RegExp | string, value: string) => {
  // 'input' is what the masked date fields listen to; React's onChange hears it too.
  fireEvent.input(field(dialog, label), { target: { value } });
  fireEvent.blur(field(dialog, label));
};
const save = (dialog: HTMLElement) => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
const bodyOf = (index = -1) => server.sent.at(index)!.entry.body as Record<string, unknown>;
const errorsIn = (dialog: HTMLElement) => [...dialog.querySelectorAll('.field__errors li')].map((item) => item.textContent);

describe('Information panel (spec 3 §2, §4, §5)', () => {
  it('blocks an invalid save with the §5 toast and the field messages, sending nothing', async () => {
    renderReview(service, '/servicerequests/41/910/000041/info');
    const dialog = await panel('Information');
    fireEvent.change(field(dialog, /^Request type/), { target: { value: 'V' } });
    type(dialog, /^End date/, '06/20/2026');
    save(dialog);
    await waitFor(() => expect(notices.map((notice) => notice.title)).toContain(WORK_ORDER_MESSAGES.unableToSave));
    expect(errorsIn(dialog)).toEqual([WORK_ORDER_MESSAGES.endWithoutStart, WORK_ORDER_MESSAGES.performedDateRequired]);
    expect(field(dialog, /^Performed date/).getAttribute('aria-invalid')).toBe('true');
    expect(server.sent).toHaveLength(0);
  });

  it('Factory Service clears the performed date; Save PUTs the request with its rowVersion and closes the panel', async () => {
    server.requests.set(41, serverRequest({ requestType: 'V', performedDate: new Date().toISOString().slice(0, 10) }));
    const { router } = renderReview(service, '/servicerequests/41/910/000041/info');
    const dialog = await panel('Information');
    expect(field(dialog, /^Performed date/).value).not.toBe('');
    fireEvent.change(field(dialog, /^Request type/), { target: { value: 'F' } });
    await waitFor(() => expect(field(dialog, /^Performed date/).value).toBe(''));
    expect(field(dialog, /^Performed date/).disabled).toBe(true);
    type(dialog, /^Trip time/, '1.1');
    await waitFor(() => expect(field(dialog, /^Trip time/).value).toBe('1'));
    save(dialog);
    await waitFor(() => expect(router.state.location.pathname).toMatch(REVIEW));
    expect(calls(server)).toEqual(['PUT /service/41']);
    expect(bodyOf()).toMatchObject({
      requestType: 'F',
      performedDate: null,
      tripTime: 1,
      mileage: 20,
      technician: 'Curtis Bell',
      rowVersion: 3,
    });
    expect(notices.map((notice) => notice.title)).toContain(WORK_ORDER_TOASTS.infoUpdated);
  });

  it('a work order’s type is Request for Payment, shown but not selectable', async () => {
    server.requests.set(41, workOrderRequest({ requestType: 'S' }));
    renderReview(service, '/workorders/700041/info');
    const dialog = await panel('Information');
    const select = field(dialog, /^Request type/) as unknown as HTMLSelectElement;
    expect(select.disabled).toBe(true);
    expect([...select.options].map((option) => option.text)).toEqual(['Request for Payment']);
    expect(within(dialog).getByText('Performed date').parentElement?.textContent).toContain('*');
  });

  it('Additional Information PUTs the same body with the other fields unchanged', async () => {
    server.requests.set(41, serverRequest({ requestType: 'A', startDate: '2026-06-10', endDate: '2026-06-12', mileage: 33 }));
    renderReview(service, '/servicerequests/41/910/000041/additionalInfo');
    const dialog = await panel('Additional Information');
    expect(within(dialog).queryByLabelText(/^Request type/)).toBeNull();
    type(dialog, /^Technician/, 'Dana Cole');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'On File' }));
    save(dialog);
    await waitFor(() => expect(calls(server)).toEqual(['PUT /service/41']));
    expect(bodyOf()).toMatchObject({
      requestType: 'A',
      technician: 'Dana Cole',
      signatureOnFile: true,
      startDate: '2026-06-10',
      endDate: '2026-06-12',
      mileage: 33,
      caseSubject: 'Door',
      rowVersion: 3,
    });
    await waitFor(() => expect(notices.map((notice) => notice.title)).toContain(WORK_ORDER_TOASTS.additionalInfoUpdated));
  });

  it('a refusal that names a field shows on the field and keeps the panel open', async () => {
    server.answerWith(() => ({ status: 400, body: { message: 'Can be no longer than 100 characters. (technician)' } }));
    const { router } = renderReview(service, '/servicerequests/41/910/000041/additionalInfo');
    const dialog = await panel('Additional Information');
    type(dialog, /^Technician/, 'Dana Cole');
    save(dialog);
    await waitFor(() => expect(errorsIn(dialog)).toEqual(['Can be no longer than 100 characters.']));
    expect(router.state.location.pathname).toBe('/servicerequests/41/910/000041/additionalInfo');
  });

  it('asks before closing with unsaved changes', async () => {
    renderReview(service, '/servicerequests/41/910/000041/additionalInfo');
    const dialog = await panel('Additional Information');
    type(dialog, /^Case subject/, 'Changed');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close Additional Information' }));
    expect((await screen.findByRole('dialog', { name: 'Confirmation' })).textContent).toContain(UNSAVED_CHANGES_MESSAGE);
  });

  it('returns to the review for someone who cannot edit (spec 3 §2, §4)', async () => {
    const { router } = renderReview(demoProfile('viewer'), '/servicerequests/41/910/000041/info');
    await waitFor(() => expect(router.state.location.pathname).toMatch(REVIEW));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('Service item panel (spec 3 §5)', () => {
  it('adds an item: required texts, quarter hours, the two-man rate and its labor cost', async () => {
    const { router } = renderReview(service, '/servicerequests/41/910/000041/serviceitems');
    const dialog = await panel('Add Service Item');
    save(dialog);
    await waitFor(() =>
      expect(errorsIn(dialog)).toEqual([
        WORK_ORDER_MESSAGES.problemDescriptionRequired,
        WORK_ORDER_MESSAGES.determinedCauseRequired,
        WORK_ORDER_MESSAGES.actionTakenRequired,
        WORK_ORDER_MESSAGES.laborHoursInvalid,
        WORK_ORDER_MESSAGES.partsCostInvalid,
      ]),
    );
    type(dialog, /^Problem description/, 'Door sticks');
    type(dialog, /^Determined cause/, 'Settling');
    type(dialog, /^Action taken/, 'Planed the door');
    type(dialog, /^Labor hours/, '1.4');
    type(dialog, /^Parts cost/, '12.50');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Two-man' }));
    await waitFor(() => expect(field(dialog, /^Labor hours/).value).toBe('1.5'));
    expect(within(dialog).getByText('Labor rate').nextElementSibling?.textContent).toBe('$90.00 per hour (two-man rate)');
    expect(within(dialog).getByText('Labor cost').nextElementSibling?.textContent).toBe('$135.00');
    save(dialog);
    await waitFor(() => expect(router.state.location.pathname).toMatch(REVIEW));
    expect(calls(server)).toEqual(['POST /service/41/items']);
    expect(bodyOf()).toMatchObject({
      problemDescription: 'Door sticks',
      laborHours: 1.5,
      partsCost: 12.5,
      isTwoMan: true,
      serviceRequestCode: '',
    });
  });

  it('edits by sequence on /servicerequests (PUT with the item’s rowVersion); declined is code D', async () => {
    renderReview(service, '/servicerequests/41/910/000041/serviceitems/1');
    const dialog = await panel('Edit Service Item');
    expect(field(dialog, /^Problem description/).value).toBe('Door sticks');
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Declined' }));
    type(dialog, /^Declined reason/, 'Homeowner damage');
    save(dialog);
    await waitFor(() => expect(calls(server)).toEqual(['PUT /service/41/items/501']));
    expect(bodyOf()).toMatchObject({ serviceRequestCode: 'D', declinedReason: 'Homeowner damage', rowVersion: 2 });
  });

  it('an item not sent yet is edited under its temp id: the update is queued after its create', async () => {
    const queued = addServiceItemCall(requestRef(viewOf(serverRequest())), {
      problemDescription: 'Queued',
      determinedCause: 'c',
      actionTaken: 'a',
      declinedReason: '',
      serviceRequestCode: '',
      partsCost: 0,
      laborHours: 1,
      isTwoMan: false,
    });
    await getOffline().outbox.enqueue(queued.call);
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
    try {
      renderReview(service, `/servicerequests/41/910/000041/serviceitems/${queued.tempId}`);
      const dialog = await panel('Edit Service Item');
      expect(field(dialog, /^Problem description/).value).toBe('Queued');
      type(dialog, /^Action taken/, 'Revised');
      save(dialog);
      await waitFor(async () =>
        expect((await getOffline().db.outbox.orderBy('seq').toArray()).map((entry) => `${entry.method} ${entry.path}`)).toEqual([
          'POST /service/41/items',
          `PUT /service/41/items/${queued.tempId}`,
        ]),
      );
      expect(server.sent).toHaveLength(0);
    } finally {
      Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
    }
  });

  it('an item that is not there sends the panel back to the review', async () => {
    const { router } = renderReview(service, '/workorders/700041/lineitems/999');
    server.requests.set(41, workOrderRequest());
    await waitFor(() => expect(router.state.location.pathname).toBe('/workorders/700041'), { timeout: 4000 });
  });
});

describe('Parts item panel', () => {
  it('adds a part with billing code, unit of measure (abbreviation) and quantity 1 by default', async () => {
    renderReview(service, '/servicerequests/41/PartsOrder/81');
    const dialog = await panel('Add Parts Item');
    expect(field(dialog, /^Quantity/).value).toBe('1');
    const units = field(dialog, /^Unit of measure/) as unknown as HTMLSelectElement;
    expect([...units.options].map((option) => option.value)).toEqual(['', 'EA', 'FT']);
    type(dialog, /^Part number/, 'P-77');
    type(dialog, /^Part description/, 'Door hinge');
    fireEvent.change(units, { target: { value: 'EA' } });
    fireEvent.change(field(dialog, /^Billing code/), { target: { value: 'Warranty' } });
    // Saved with no field left first (Enter right after choosing): nothing stale may block it.
    save(dialog);
    await waitFor(() => expect(calls(server)).toEqual(['POST /Service/41/PartsOrder/81']));
    expect(bodyOf()).toMatchObject({
      partNumber: 'P-77',
      partDescription: 'Door hinge',
      unitOfMeasure: 'EA',
      billingCode: 'Warranty',
      quantity: 1,
    });
    await waitFor(() => expect(notices.map((notice) => notice.title)).toContain(WORK_ORDER_TOASTS.partsItemAdded));
  });

  it('edits a part (PUT …/PartsItem/{id} with its rowVersion)', async () => {
    renderReview(service, '/servicerequests/41/PartsOrder/81/PartsItem/601');
    const dialog = await panel('Edit Parts Item');
    type(dialog, /^Quantity/, '3');
    save(dialog);
    await waitFor(() => expect(calls(server)).toEqual(['PUT /Service/41/PartsOrder/81/PartsItem/601']));
    expect(bodyOf()).toMatchObject({ quantity: 3, categoryNumber: '03', commodityNumber: '12', rowVersion: 1 });
  });
});

describe('Attachment panels', () => {
  const jpeg = (name: string, fill: number) =>
    new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, fill, fill, fill])], name, { type: 'image/jpeg' });
  const pdf = () => new File([new TextEncoder().encode('%PDF-1.7\n receipt')], 'receipt.pdf', { type: 'application/pdf' });

  it('adds one attachment per file chosen (photos and a PDF receipt), each a multipart call with the fields', async () => {
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = () => 'blob:preview';
    URL.revokeObjectURL = () => undefined;
    try {
      const { router } = renderReview(service, '/servicerequests/41/910/000041/ServiceAttachment');
      const dialog = await panel('Add Attachment');
      save(dialog);
      await waitFor(() => expect(within(dialog).getByText(WORK_ORDER_MESSAGES.fileRequired)).toBeTruthy());
      fireEvent.change(field(dialog, 'Choose Files'), { target: { files: [jpeg('door.jpg', 1), pdf()] } });
      const list = await within(dialog).findByRole('list', { name: 'Files to attach' });
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual([expect.stringContaining('door.jpg'), expect.stringContaining('receipt.pdf')]);
      expect(within(list).getByRole('img', { name: 'Preview of door.jpg' })).toBeTruthy();
      fireEvent.click(within(dialog).getByRole('radio', { name: 'Receipt/Invoice' }));
      type(dialog, /^Amount/, '45.10');
      type(dialog, /^Description/, 'Hinge receipt');
      save(dialog);
      await waitFor(() => expect(router.state.location.pathname).toMatch(REVIEW));
      expect(calls(server)).toEqual(['POST /Service/910/000041/41/ServiceAttachment', 'POST /Service/910/000041/41/ServiceAttachment']);
      expect(server.sent.map(({ entry }) => entry.body)).toEqual([
        { attachmentType: '2', description: 'Hinge receipt', amount: '45.1' },
        { attachmentType: '2', description: 'Hinge receipt', amount: '45.1' },
      ]);
      expect(server.sent.map(({ files }) => [files[0]?.name, files[0]?.type])).toEqual([
        ['door.jpg', 'image/jpeg'],
        ['receipt.pdf', 'application/pdf'],
      ]);
    } finally {
      cleanup();
      Object.assign(URL, { createObjectURL, revokeObjectURL });
    }
  });

  it('edits type, description and amount with the attachment’s rowVersion', async () => {
    server.readers['/images/'] = () => new Response(new Uint8Array([0xff, 0xd8, 0xff]), { headers: { 'content-type': 'image/jpeg' } });
    renderReview(service, '/servicerequests/41/ServiceAttachment/701/910/000041');
    const dialog = await panel('Edit Attachment');
    expect(field(dialog, /^Description/).value).toBe('Door frame');
    type(dialog, /^Description/, 'Door frame, left side');
    save(dialog);
    await waitFor(() => expect(calls(server)).toEqual(['PUT /Service/41/910/000041/ServiceAttachment/701']));
    expect(bodyOf()).toEqual({ attachmentType: 1, description: 'Door frame, left side', amount: 0, rowVersion: 0 });
  });
});
