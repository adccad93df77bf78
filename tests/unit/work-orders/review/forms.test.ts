import { describe, expect, it, vi } from 'vitest';
import { MAX_ATTACHMENT_BYTES, WORK_ORDER_MESSAGES } from '../../../../src/contract';
import { checkAttachment, prepareAttachmentFile } from '../../../../src/features/work-orders/components/panels/attachment-form';
import { textToDay, textToNumber } from '../../../../src/features/work-orders/components/panels/form-values';
import {
  checkInformation,
  informationValues,
  requestTypeOptions,
  type InformationValues,
} from '../../../../src/features/work-orders/components/panels/information-form';
import { checkPartsItem, partsItemValues } from '../../../../src/features/work-orders/components/panels/parts-item-form';
import { unitOptions } from '../../../../src/entities/units-of-measure';
import {
  checkServiceItem,
  laborPreview,
  serviceItemValues,
} from '../../../../src/features/work-orders/components/panels/service-item-form';
import type { AcceptedFile } from '../../../../src/lib/files';
import { serverRequest, viewOf, workOrderRequest } from './fixtures';

const TODAY = '2026-06-15';

describe('typed values', () => {
  it('dates: MM/DD/YYYY of a real day; empty and before 1990 are no date', () => {
    expect(textToDay('06/12/2026')).toEqual({ ok: true, day: '2026-06-12' });
    expect(textToDay('')).toEqual({ ok: true, day: null });
    expect(textToDay('01/01/1985')).toEqual({ ok: true, day: null });
    expect(textToDay('02/30/2026')).toEqual({ ok: false });
    expect(textToDay('06/12/20')).toEqual({ ok: false });
  });

  it('numbers: blank is none, money signs and commas are allowed, words are not', () => {
    expect(textToNumber('')).toBeNull();
    expect(textToNumber(' $1,250.50 ')).toBe(1250.5);
    expect(textToNumber('-2')).toBe(-2);
    expect(Number.isNaN(textToNumber('abc'))).toBe(true);
    expect(Number.isNaN(textToNumber('1.2.3'))).toBe(true);
  });
});

describe('information form (spec 3 §4, §5)', () => {
  const staged = viewOf(serverRequest({ requestType: 'A' }));
  const values = (changes: Partial<InformationValues> = {}) => ({ ...informationValues(staged), ...changes });
  const fieldsOf = (check: ReturnType<typeof checkInformation>) => (check.ok ? {} : check.fields);

  it('builds the PUT body with the request’s rowVersion, dates as days, trip time in quarter hours', () => {
    const check = checkInformation(
      values({ startDate: '06/10/2026', endDate: '06/12/2026', tripTime: '1.3', signature: 'onFile' }),
      staged,
      TODAY,
    );
    expect(check).toEqual({
      ok: true,
      body: expect.objectContaining({
        requestType: 'A',
        requestDate: '2026-06-10',
        scheduledDate: null,
        startDate: '2026-06-10',
        endDate: '2026-06-12',
        tripTime: 1.25,
        mileage: 20,
        signatureOnFile: true,
        isUnderWarranty: true,
        rowVersion: 3,
      }),
    });
  });

  it('date range: end before start, more than 14 days, end without start', () => {
    expect(fieldsOf(checkInformation(values({ startDate: '06/10/2026', endDate: '06/09/2026' }), staged, TODAY))).toEqual({
      endDate: WORK_ORDER_MESSAGES.endBeforeStart,
    });
    expect(fieldsOf(checkInformation(values({ startDate: '06/01/2026', endDate: '06/16/2026' }), staged, TODAY))).toEqual({
      endDate: WORK_ORDER_MESSAGES.rangeTooLong,
    });
    expect(checkInformation(values({ startDate: '06/01/2026', endDate: '06/15/2026' }), staged, TODAY).ok).toBe(true);
    expect(fieldsOf(checkInformation(values({ endDate: '06/09/2026' }), staged, TODAY))).toEqual({
      startDate: WORK_ORDER_MESSAGES.endWithoutStart,
    });
  });

  it('performed date: required for Request for Payment, not older than 60 days, not in the future; before 1990 is empty', () => {
    const payment = (performedDate: string) => fieldsOf(checkInformation(values({ requestType: 'V', performedDate }), staged, TODAY));
    expect(payment('')).toEqual({ performedDate: WORK_ORDER_MESSAGES.performedDateRequired });
    expect(payment('01/01/1985')).toEqual({ performedDate: WORK_ORDER_MESSAGES.performedDateRequired });
    expect(payment('04/15/2026')).toEqual({ performedDate: WORK_ORDER_MESSAGES.performedDateTooEarly });
    expect(payment('04/16/2026')).toEqual({});
    expect(payment('06/16/2026')).toEqual({ performedDate: WORK_ORDER_MESSAGES.performedDateInFuture });
    expect(fieldsOf(checkInformation(values({ requestType: 'A', performedDate: '' }), staged, TODAY))).toEqual({});
  });

  it('Factory Service clears the performed date, whatever was typed', () => {
    const check = checkInformation(values({ requestType: 'F', performedDate: '01/01/2020' }), staged, TODAY);
    expect(check.ok && check.body.performedDate).toBeNull();
  });

  it('a forced type is Request for Payment whatever the form says, and then needs a performed date', () => {
    const workOrder = viewOf(workOrderRequest({ performedDate: '1900-01-01' }));
    const formValues = { ...informationValues(workOrder), requestType: 'F' };
    expect(informationValues(workOrder).requestType).toBe('V');
    expect(fieldsOf(checkInformation(formValues, workOrder, TODAY))).toEqual({ performedDate: WORK_ORDER_MESSAGES.performedDateRequired });
    const check = checkInformation({ ...formValues, performedDate: '06/12/2026' }, workOrder, TODAY);
    expect(check.ok && check.body.requestType).toBe('V');
  });

  it('bad dates and numbers are named per field', () => {
    expect(fieldsOf(checkInformation(values({ scheduledDate: '13/01/2026', mileage: 'far', otherCosts: '-5' }), staged, TODAY))).toEqual({
      scheduledDate: 'Scheduled date must be a valid date in the format MM/DD/YYYY.',
      mileage: WORK_ORDER_MESSAGES.numberInvalid,
      otherCosts: WORK_ORDER_MESSAGES.numberInvalid,
    });
    expect(fieldsOf(checkInformation(values({ caseSubject: 'x'.repeat(256) }), staged, TODAY))).toEqual({
      caseSubject: 'Can be no longer than 255 characters.',
    });
  });

  it('type choices: Dispatch only when enabled, Standard always; only Request for Payment when forced', () => {
    expect(requestTypeOptions(staged).map((option) => option.label)).toEqual([
      'Select a request type',
      'Authorization',
      'Factory Service',
      'Request for Payment',
      'Standard',
    ]);
    expect(requestTypeOptions({ ...staged, isDispatchEnabled: true }).map((option) => option.value)).toContain('D');
    expect(requestTypeOptions({ ...staged, isRequestTypeForced: true })).toEqual([{ value: 'V', label: 'Request for Payment' }]);
    expect(fieldsOf(checkInformation(values({ requestType: 'D' }), staged, TODAY))).toEqual({
      requestType: WORK_ORDER_MESSAGES.dispatchNotEnabled,
    });
  });
});

describe('service item form (spec 3 §5)', () => {
  const filled = {
    ...serviceItemValues(),
    problemDescription: 'Door sticks',
    determinedCause: 'Settling',
    actionTaken: 'Planed',
    laborHours: '1.1',
    partsCost: '12.50',
  };

  it('requires the three texts, and parts cost and labor hours unless Factory Service', () => {
    const empty = checkServiceItem(serviceItemValues(), 'A');
    expect(empty.ok ? {} : empty.fields).toEqual({
      problemDescription: WORK_ORDER_MESSAGES.problemDescriptionRequired,
      determinedCause: WORK_ORDER_MESSAGES.determinedCauseRequired,
      actionTaken: WORK_ORDER_MESSAGES.actionTakenRequired,
      partsCost: WORK_ORDER_MESSAGES.partsCostInvalid,
      laborHours: WORK_ORDER_MESSAGES.laborHoursInvalid,
    });
    expect(checkServiceItem({ ...filled, laborHours: '', partsCost: '' }, 'F')).toMatchObject({
      ok: true,
      body: { laborHours: null, partsCost: null },
    });
    const negative = checkServiceItem({ ...filled, partsCost: '-1' }, 'F');
    expect(negative.ok ? {} : negative.fields).toEqual({ partsCost: WORK_ORDER_MESSAGES.partsCostInvalid });
  });

  it('rounds labor hours to the quarter hour; declined is code D with its reason; crew picks the rate', () => {
    expect(checkServiceItem({ ...filled, crew: 'two', declined: true, declinedReason: 'Homeowner damage' }, 'A')).toEqual({
      ok: true,
      body: expect.objectContaining({
        laborHours: 1,
        partsCost: 12.5,
        isTwoMan: true,
        serviceRequestCode: 'D',
        declinedReason: 'Homeowner damage',
      }),
    });
    expect(checkServiceItem({ ...filled, declined: false, declinedReason: 'left over' }, 'A', 'D')).toMatchObject({
      ok: true,
      body: { serviceRequestCode: '', declinedReason: '' },
    });
    expect(checkServiceItem(filled, 'A', 'X')).toMatchObject({ ok: true, body: { serviceRequestCode: 'X' } });
    expect(laborPreview({ laborHours: '1.9', crew: 'one' }, { oneManServiceRate: 60, twoManServiceRate: 90 })).toEqual({
      hours: 2,
      rate: 60,
      cost: 120,
    });
    expect(laborPreview({ laborHours: '1.9', crew: 'two' }, { oneManServiceRate: 60, twoManServiceRate: 90 })).toEqual({
      hours: 2,
      rate: 90,
      cost: 180,
    });
  });
});

describe('parts item form', () => {
  const units = [
    { abbreviation: 'EA', description: 'Each' },
    { abbreviation: 'FT', description: 'Foot' },
  ];
  const filled = { ...partsItemValues(), partDescription: 'Door strike', billingCode: 'Warranty', unitOfMeasure: 'EA' };

  it('quantity defaults to 1; description, billing code and unit are required; the unit must be a known one', () => {
    expect(partsItemValues().quantity).toBe('1');
    expect(checkPartsItem(filled, units)).toMatchObject({ ok: true, body: { quantity: 1, unitOfMeasure: 'EA', billingCode: 'Warranty' } });
    const empty = checkPartsItem(partsItemValues(), units);
    expect(empty.ok ? {} : empty.fields).toEqual({
      partDescription: WORK_ORDER_MESSAGES.partDescriptionRequired,
      billingCode: WORK_ORDER_MESSAGES.billingCodeRequired,
      unitOfMeasure: WORK_ORDER_MESSAGES.unitOfMeasureRequired,
    });
    const wrong = checkPartsItem({ ...filled, unitOfMeasure: 'XX', quantity: '1.5' }, units);
    expect(wrong.ok ? {} : wrong.fields).toEqual({
      unitOfMeasure: WORK_ORDER_MESSAGES.unitOfMeasureUnknown,
      quantity: WORK_ORDER_MESSAGES.quantityInvalid,
    });
    expect(checkPartsItem({ ...filled, unitOfMeasure: 'XX' }, units, 'XX').ok).toBe(true);
    expect(checkPartsItem({ ...filled, unitOfMeasure: 'XX' }, undefined).ok).toBe(true);
  });

  it('offers the units by abbreviation, keeping an item’s unit the list lacks', () => {
    expect(unitOptions(units, 'BX').map((option) => option.value)).toEqual(['', 'BX', 'EA', 'FT']);
    expect(unitOptions(units)[1]).toEqual({ value: 'EA', label: 'Each (EA)' });
  });
});

describe('attachments', () => {
  it('type 1 or 2, description, an amount of 0 or more', () => {
    expect(checkAttachment({ attachmentType: '2', description: ' Invoice ', amount: '$45.10' })).toEqual({
      ok: true,
      fields: { attachmentType: 2, description: 'Invoice', amount: 45.1 },
    });
    expect(checkAttachment({ attachmentType: '1', description: '', amount: '' })).toEqual({
      ok: true,
      fields: { attachmentType: 1, description: '', amount: 0 },
    });
    expect(checkAttachment({ attachmentType: '1', description: '', amount: '-3' })).toEqual({
      ok: false,
      issues: { amount: WORK_ORDER_MESSAGES.numberInvalid },
    });
  });

  const accepted = (bytes: number, type: AcceptedFile['type'], name: string): AcceptedFile => ({
    file: new File([new Uint8Array(bytes)], name, { type: '' }),
    hash: 'h',
    type,
  });

  it('a photo is compressed and renamed .jpg; a PDF is kept; either must fit the server’s limit', async () => {
    const compress = vi.fn(async () => ({
      blob: new Blob([new Uint8Array(300)], { type: 'image/jpeg' }),
      type: 'image/jpeg' as const,
      converted: true,
    }));
    const photo = await prepareAttachmentFile(accepted(5000, 'image/gif', 'door.gif'), compress);
    expect(photo).toMatchObject({ ok: true, file: { name: 'door.jpg', type: 'image/jpeg', hash: 'h' } });
    expect(photo.ok && photo.file.blob.size).toBe(300);

    const pdf = await prepareAttachmentFile(accepted(2000, 'application/pdf', 'receipt.pdf'), compress);
    expect(pdf).toMatchObject({ ok: true, file: { name: 'receipt.pdf', type: 'application/pdf' } });
    expect(pdf.ok && pdf.file.blob.type).toBe('application/pdf');
    expect(compress).toHaveBeenCalledTimes(1);

    expect(await prepareAttachmentFile(accepted(MAX_ATTACHMENT_BYTES + 1, 'application/pdf', 'big.pdf'), compress)).toEqual({
      ok: false,
      name: 'big.pdf',
      message: WORK_ORDER_MESSAGES.fileTooLarge,
    });
    const hugePhoto = vi.fn(async () => ({
      blob: new Blob([new Uint8Array(MAX_ATTACHMENT_BYTES + 1)]),
      type: 'image/gif' as const,
      converted: false,
    }));
    expect(await prepareAttachmentFile(accepted(10, 'image/gif', 'big.gif'), hugePhoto)).toMatchObject({
      ok: false,
      message: WORK_ORDER_MESSAGES.fileTooLarge,
    });
  });
});
