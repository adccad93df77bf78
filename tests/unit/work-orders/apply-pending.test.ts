import { describe, expect, it } from 'vitest';
import { DATE_PLACEHOLDER, paths, type ServiceRequest, type ServiceRequestSummary } from '../../../src/contract';
import {
  addAttachmentCall,
  addServiceItemCall,
  archiveCall,
  cancelRequestCall,
  createServiceRequestCall,
  deletePartsItemCall,
  deleteServiceItemCall,
  submitCall,
  updateAttachmentCall,
  updateInformationCall,
  updatePartsItemCall,
  updateServiceItemCall,
} from '../../../src/features/work-orders/api/calls';
import type { RequestRef } from '../../../src/features/work-orders/model';
import { applyPending, applyPendingToList } from '../../../src/features/work-orders/pending/apply-pending';
import { storedBody, type OutboxEntry } from '../../../src/offline/db';
import type { OutboxCall } from '../../../src/offline/outbox';

let seq = 0;
/** An outbox entry as the queue stores it for a call (files become file ids). */
function entryOf(call: OutboxCall, status: OutboxEntry['status'] = 'pending', message?: string): OutboxEntry {
  seq += 1;
  return {
    seq,
    id: `entry-${seq}`,
    method: call.method,
    base: call.base,
    path: call.path,
    ...(call.query ? { query: call.query } : {}),
    ...(call.body !== undefined ? { body: storedBody(call.body) } : {}),
    fileIds: (call.files ?? []).map((_, index) => `file-${seq}-${index}`),
    idempotencyKey: `key-${seq}`,
    recordKey: call.recordKey,
    label: call.label,
    intent: call.intent,
    ...(call.createsTempId ? { createsTempId: call.createsTempId, idField: call.idField ?? 'id' } : {}),
    ...(call.alsoCreates ? { alsoCreates: call.alsoCreates } : {}),
    dependsOn: [],
    status,
    attempts: 0,
    nextAttemptAt: 0,
    createdAt: Date.parse('2026-06-15T10:00:00Z'),
    ...(message ? { lastError: { status: 400, message } } : {}),
  };
}

const item = (id: number, sequence: number, problem: string) => ({
  serviceRequestItemId: id,
  serviceRequestSequence: sequence,
  vantageWorkOrderId: null,
  vantageWorkOrderLineItemId: null,
  problemDescription: problem,
  determinedCause: 'c',
  actionTaken: 'a',
  declinedReason: '',
  serviceRequestCode: '',
  partsCost: 10,
  laborHours: 1,
  hourlyLaborRate: 60,
  laborCost: 60,
  isTwoMan: false,
  rowVersion: 0,
});

function serverRequest(changes: Partial<ServiceRequest> = {}): ServiceRequest {
  return {
    serviceRequestId: 41,
    serviceRequestNumber: '000041',
    vantageWorkOrderId: null,
    vantageWorkOrderNumber: null,
    assetId: 7,
    plantNumber: '910',
    plantName: 'Maynardville',
    serialNumber: 'MAY012345TN',
    retailerNumber: '4217',
    vantageCaseOrigin: 'HomeSite',
    requestType: '',
    status: 'Unsubmitted',
    requestDate: '2026-06-10',
    startDate: DATE_PLACEHOLDER,
    endDate: DATE_PLACEHOLDER,
    performedDate: '2026-06-12',
    technician: '',
    totalServiceCost: 0,
    totalCombinedCost: 0,
    homeownerName: 'Ann Lee',
    isClosed: false,
    changedOn: '2026-06-01',
    isArchived: false,
    rowVersion: 3,
    partsOrderId: 41,
    caseSubject: '',
    caseDescription: '',
    scheduledDate: DATE_PLACEHOLDER,
    tripTime: 0,
    mileage: 0,
    mileageCost: 0,
    driverCost: 0,
    otherCosts: 0,
    laborCost: 0,
    partsCost: 0,
    mileageRate: 0.5,
    oneManServiceRate: 60,
    twoManServiceRate: 90,
    driverRate: 20,
    longSerialNumber: 'MAY012345TN',
    modelNumber: 'M1',
    signatureOnFile: false,
    isUnderWarranty: false,
    account: {
      firstName: 'Ann',
      lastName: 'Lee',
      street: '',
      city: '',
      state: '',
      zip: '',
      emailAddress: '',
      phoneNumber: '',
      mobilePhoneNumber: '',
    },
    stockHomeString: '',
    serviceItems: [item(501, 1, 'Door'), item(502, 2, 'Window')],
    partsItems: [
      {
        partsOrderItemId: 601,
        categoryNumber: '',
        commodityNumber: '',
        combinedPartNumber: 'P1',
        partNumber: 'P1',
        partDescription: 'Strike',
        notes: '',
        billingCode: 'Warranty',
        unitOfMeasure: 'EA',
        quantity: 1,
        receivedDate: DATE_PLACEHOLDER,
        isCorrect: null,
        incorrectPartMessage: '',
        vantagePartsRequestNumber: null,
        vantagePartsRequestLineItemId: null,
        rowVersion: 0,
      },
    ],
    serviceAttachments: [],
    isStaged: true,
    isRequestTypeForced: false,
    canEdit: true,
    canArchive: false,
    isDispatchEnabled: false,
    ...changes,
  };
}

const refOf = (request: ServiceRequest): RequestRef => ({
  key: String(request.serviceRequestId),
  serviceRequestId: request.serviceRequestId,
  serviceRequestNumber: request.serviceRequestNumber,
  plantNumber: request.plantNumber,
  vantageWorkOrderId: request.vantageWorkOrderId,
  partsOrderId: request.partsOrderId,
});

const itemBody = (problem: string, laborHours = 2.1, isTwoMan = false) => ({
  problemDescription: problem,
  determinedCause: 'c',
  actionTaken: 'a',
  declinedReason: '',
  serviceRequestCode: '',
  partsCost: 5,
  laborHours,
  isTwoMan,
});

const info = (changes: Record<string, unknown> = {}) =>
  ({
    requestType: 'A',
    caseSubject: 'Leak',
    caseDescription: '',
    technician: 'Pat',
    requestDate: '2026-06-10',
    scheduledDate: null,
    performedDate: '2026-06-12',
    startDate: null,
    endDate: null,
    tripTime: 0.6,
    mileage: 10,
    otherCosts: 0,
    signatureOnFile: false,
    isUnderWarranty: false,
    rowVersion: 3,
    ...changes,
  }) as Parameters<typeof updateInformationCall>[1];

describe('every write of spec 3 §7 says what the user did (its intent)', () => {
  const staged = refOf(serverRequest());
  const workOrder = refOf(serverRequest({ vantageWorkOrderId: 700041, serviceRequestNumber: '000041' }));
  const added = addServiceItemCall(staged, itemBody('x'));
  const cases: [OutboxCall, Record<string, unknown>][] = [
    [
      createServiceRequestCall({ plantNumber: '910', serialNumber: 'S', assetId: 1 }, 'America/Chicago').call,
      { kind: 'create-request', plantNumber: '910', longSerialNumber: 'S', assetId: 1 },
    ],
    [updateInformationCall(staged, info(), {}), { kind: 'information' }],
    [updateInformationCall(workOrder, info(), {}), { kind: 'information' }],
    [cancelRequestCall(staged), { kind: 'cancel' }],
    [submitCall(staged), { kind: 'submit' }],
    [submitCall(workOrder), { kind: 'submit' }],
    [archiveCall(workOrder), { kind: 'archive' }],
    [added.call, { kind: 'service-item', action: 'add', id: added.tempId }],
    [addServiceItemCall(workOrder, itemBody('x')).call, { kind: 'service-item', action: 'add' }],
    [deleteServiceItemCall(workOrder, 5), { kind: 'service-item', action: 'remove', id: '5' }],
    [
      updatePartsItemCall(
        staged,
        601,
        {
          categoryNumber: '',
          commodityNumber: '',
          partNumber: '',
          partDescription: 'x',
          notes: '',
          billingCode: 'Warranty',
          unitOfMeasure: 'EA',
          quantity: 1,
        },
        {},
      ),
      { kind: 'parts-item', action: 'update', id: '601' },
    ],
    [deletePartsItemCall(workOrder, 601), { kind: 'parts-item', action: 'remove', id: '601' }],
    [
      addAttachmentCall(staged, { attachmentType: 1, description: '', amount: 0 }, new Blob(['x']), 'a.jpg').call,
      { kind: 'attachment', action: 'add' },
    ],
    [
      addAttachmentCall(workOrder, { attachmentType: 1, description: '', amount: 0 }, new Blob(['x']), 'a.jpg').call,
      { kind: 'attachment', action: 'add' },
    ],
    [
      updateAttachmentCall(workOrder, '069ABC', { attachmentType: 2, description: '', amount: 1, rowVersion: 0 }, {}),
      { kind: 'attachment', action: 'update', id: '069ABC' },
    ],
  ];
  it.each(cases.map(([call, intent]) => [`${call.method} ${call.path}`, call, intent] as const))('%s', (_path, call, intent) => {
    expect(call.intent).toMatchObject({ feature: 'work-orders', ...intent });
  });
  it('the cancel of a staged request is a DELETE of its own path', () => {
    expect(cancelRequestCall(staged)).toMatchObject({ method: 'DELETE', path: paths.serviceRequest(41).path });
  });
});

describe('applyPending: the request as it will be', () => {
  it('merges a queued information edit, rounding trip time to the quarter hour and marking it', () => {
    const base = serverRequest();
    const view = applyPending(base, [entryOf(updateInformationCall(refOf(base), info(), {}))])!;
    expect(view).toMatchObject({ technician: 'Pat', caseSubject: 'Leak', requestType: 'A', tripTime: 0.5, mileage: 10 });
    expect(view.pending?.state).toBe('pending');
    expect(view.hasPendingChanges).toBe(true);
    // The next edit must carry the version this one leaves on the server.
    expect(view.rowVersion).toBe(4);
    // mileage 10 × 0.5 + trip 0.5 × 20 + labor 2 × 60 = 135; parts 20
    expect(view.totalServiceCost).toBe(135);
    expect(view.totalCombinedCost).toBe(155);
  });

  it('Factory Service clears the performed date (spec 3 §4); a forced request stays Request for Payment', () => {
    const base = serverRequest();
    expect(applyPending(base, [entryOf(updateInformationCall(refOf(base), info({ requestType: 'F' }), {}))])!.performedDate).toBe(
      DATE_PLACEHOLDER,
    );
    const workOrder = serverRequest({ vantageWorkOrderId: 700041, isRequestTypeForced: true, requestType: 'V' });
    expect(applyPending(workOrder, [entryOf(updateInformationCall(refOf(workOrder), info({ requestType: 'A' }), {}))])!.requestType).toBe(
      'V',
    );
  });

  it('adds, edits and removes items, with the two-man rate and quarter hours', () => {
    const base = serverRequest();
    const ref = refOf(base);
    const added = addServiceItemCall(ref, itemBody('Roof', 1.4, true));
    const view = applyPending(base, [
      entryOf(added.call),
      entryOf(updateServiceItemCall(ref, 501, { ...itemBody('Front door'), rowVersion: 0 }, {})),
      entryOf(deleteServiceItemCall(ref, 502)),
      entryOf(updateServiceItemCall(ref, added.tempId, { ...itemBody('Roof leak', 1.4, true), rowVersion: 0 }, {})),
      entryOf(deletePartsItemCall(ref, 601)),
    ])!;
    expect(view.serviceItems.map((row) => [row.key, row.problemDescription, row.serviceRequestSequence])).toEqual([
      ['501', 'Front door', 1],
      [added.tempId, 'Roof leak', 3],
    ]);
    expect(view.serviceItems[1]).toMatchObject({
      laborHours: 1.5,
      hourlyLaborRate: 90,
      laborCost: 135,
      rowVersion: 1,
      pending: { state: 'pending' },
    });
    expect(view.serviceItems[0]!.rowVersion).toBe(1);
    expect(view.partsItems).toEqual([]);
  });

  it('shows a refused change as failed with the server message, also in the record failures', () => {
    const base = serverRequest();
    const view = applyPending(base, [entryOf(addServiceItemCall(refOf(base), itemBody('x')).call, 'failed', 'Action taken is required.')])!;
    expect(view.serviceItems[2]!.pending).toMatchObject({ state: 'failed', message: 'Action taken is required.' });
    expect(view.failures).toHaveLength(1);
  });

  it('a request made on this device is built from its create and its home, then takes its queued items and photo', () => {
    const created = createServiceRequestCall({ plantNumber: '910', serialNumber: 'MAY9TN', assetId: 9 }, 'America/Chicago');
    const ref: RequestRef = {
      key: created.tempId,
      serviceRequestId: created.tempId,
      serviceRequestNumber: created.numberTempId,
      plantNumber: '910',
      vantageWorkOrderId: null,
      partsOrderId: created.tempId,
    };
    const photo = addAttachmentCall(ref, { attachmentType: 2, description: 'Receipt', amount: 12.5 }, new Blob(['x']), 'r.jpg');
    const view = applyPending(
      undefined,
      [entryOf(created.call), entryOf(addServiceItemCall(ref, itemBody('a')).call), entryOf(photo.call), entryOf(submitCall(ref))],
      (assetId) =>
        assetId === 9
          ? {
              assetId: 9,
              serialNumber: 'MAY9TN',
              plantNumber: '910',
              plantName: 'Maynardville',
              retailerNumber: '4217',
              modelNumber: 'M',
              modelName: 'Model',
              manufacturedDate: '2025-01-01',
              soldDate: null,
              homeownerName: 'Bo Day',
              address1: '',
              city: '',
              state: '',
              zipCode: '',
            }
          : undefined,
    )!;
    expect(view).toMatchObject({
      key: created.tempId,
      serviceRequestNumber: created.numberTempId,
      plantName: 'Maynardville',
      status: 'Unsubmitted',
      stockHomeString: 'Stock Home',
      requestDate: '2026-06-15',
    });
    expect(view.account).toMatchObject({ firstName: 'Bo', lastName: 'Day' });
    expect(view.serviceItems).toHaveLength(1);
    expect(view.serviceAttachments[0]).toMatchObject({
      attachmentType: 2,
      attachmentTypeDisplay: 'Receipt/Invoice',
      amount: 12.5,
      localFileId: expect.any(String),
    });
    expect(view.pendingSubmit?.state).toBe('pending');
    expect(view.pending?.label).toMatch(/^Create service request/);
  });

  it('dates a request made on this device by the business day of its home’s retail center, not the UTC day', () => {
    const dateOf = (timeZone: string) => {
      const created = createServiceRequestCall({ plantNumber: '910', serialNumber: 'MAY9TN', assetId: 9 }, timeZone);
      // Queued at 19:30 on 6 December in Chicago: 01:30 UTC on the 7th.
      return applyPending(undefined, [{ ...entryOf(created.call), createdAt: Date.parse('2026-12-07T01:30:00Z') }])!.requestDate;
    };
    expect(dateOf('America/Chicago')).toBe('2026-12-06');
    expect(dateOf('Asia/Tokyo')).toBe('2026-12-07');
  });

  it('without a server copy or a create there is nothing to show', () => {
    expect(applyPending(undefined, [])).toBeUndefined();
  });
});

describe('applyPendingToList', () => {
  const row = (id: number): ServiceRequestSummary => {
    const {
      serviceItems: _i,
      partsItems: _p,
      serviceAttachments: _a,
      ...summary
    } = serverRequest({ serviceRequestId: id, serviceRequestNumber: String(id).padStart(6, '0') });
    return summary as unknown as ServiceRequestSummary;
  };
  it('puts requests made on this device first, marks rows with queued changes, leaves others alone', () => {
    const created = createServiceRequestCall({ plantNumber: '910', serialNumber: 'NEW1', assetId: 3 }, 'America/Chicago');
    const base = serverRequest({ serviceRequestId: 2 });
    const rows = applyPendingToList(
      [row(2), row(1)],
      [entryOf(created.call), entryOf(updateInformationCall(refOf(base), info({ technician: 'Sam' }), {}))],
    );
    expect(rows.map((summary) => summary.key)).toEqual([created.tempId, '2', '1']);
    expect(rows[0]!.pending?.state).toBe('pending');
    expect(rows[1]).toMatchObject({ technician: 'Sam', pending: { state: 'pending' } });
    expect(rows[2]!.pending).toBeUndefined();
  });
});
