import { describe, expect, it } from 'vitest';
import { DATE_PLACEHOLDER, WORK_ORDER_MESSAGES } from '../../../../src/contract';
import {
  findAttachment,
  findPartsItem,
  findServiceItem,
  homeownerText,
  imageEndpoint,
  refusalField,
  refusalMessage,
  requestNumberText,
  requestTypeText,
  reviewPaths,
  serviceDateText,
  statusText,
  submitIssues,
} from '../../../../src/features/work-orders/components/review/review-model';
import { findByNumber } from '../../../../src/features/work-orders/components/review/request-lookup';
import type { ServiceRequestSummaryView } from '../../../../src/features/work-orders/model';
import { serverRequest, serviceItem, viewOf, workOrderRequest } from './fixtures';

describe('review routes (spec 3 §2)', () => {
  it('opens the panels of a staged request under /servicerequests with its plant and number', () => {
    const view = viewOf(serverRequest());
    const paths = reviewPaths({ kind: 'request', serviceRequestId: '41' }, view);
    expect(paths.review).toBe('/servicerequests/41/');
    expect(paths.information).toBe('/servicerequests/41/910/000041/info');
    expect(paths.additionalInformation).toBe('/servicerequests/41/910/000041/additionalInfo');
    expect(paths.addServiceItem).toBe('/servicerequests/41/910/000041/serviceitems');
    expect(paths.editServiceItem(view.serviceItems[0]!)).toBe('/servicerequests/41/910/000041/serviceitems/1');
    expect(paths.addPartsItem).toBe('/servicerequests/41/PartsOrder/81');
    expect(paths.editPartsItem(view.partsItems[0]!)).toBe('/servicerequests/41/PartsOrder/81/PartsItem/601');
    expect(paths.addAttachment).toBe('/servicerequests/41/910/000041/ServiceAttachment');
    expect(paths.editAttachment(view.serviceAttachments[0]!)).toBe('/servicerequests/41/ServiceAttachment/701/910/000041');
  });

  it('opens the panels of a work order under /workorders; a part on a parts request by its line item', () => {
    const view = viewOf(workOrderRequest());
    const paths = reviewPaths({ kind: 'workOrder', workOrderId: 700041 }, view);
    expect(paths.review).toBe('/workorders/700041');
    expect(paths.information).toBe('/workorders/700041/info');
    expect(paths.additionalInformation).toBe('/workorders/700041/additionalInfo');
    expect(paths.addServiceItem).toBe('/workorders/700041/lineitems/');
    expect(paths.editServiceItem(view.serviceItems[0]!)).toBe('/workorders/700041/lineitems/501');
    expect(paths.addPartsItem).toBe('/workorders/700041/partsitems/');
    expect(paths.editPartsItem(view.partsItems[0]!)).toBe('/workorders/700041/partsitems/601');
    expect(paths.editPartsItem({ ...view.partsItems[0]!, vantagePartsRequestLineItemId: 9001 })).toBe(
      '/workorders/700041/partsrequest/lineitems/9001',
    );
    expect(paths.addAttachment).toBe('/workorders/700041/attachments');
    expect(paths.editAttachment(view.serviceAttachments[0]!)).toBe('/workorders/700041/attachments/doc701');
  });

  it('names a request made on this device by its temp ids', () => {
    const view = {
      ...viewOf(serverRequest()),
      key: 'tmp_abc',
      serviceRequestId: 'tmp_abc',
      serviceRequestNumber: 'tmp_num',
      partsOrderId: 'tmp_abc',
    };
    const paths = reviewPaths({ kind: 'request', serviceRequestId: 'tmp_abc' }, view);
    expect(paths.review).toBe('/servicerequests/tmp_abc/');
    expect(paths.information).toBe('/servicerequests/tmp_abc/910/tmp_num/info');
    expect(paths.addPartsItem).toBe('/servicerequests/tmp_abc/PartsOrder/tmp_abc');
  });
});

describe('finding the item a panel route names', () => {
  const view = viewOf(serverRequest({ serviceItems: [serviceItem(501, 1, 'A'), serviceItem(502, 2, 'B'), serviceItem(2, 3, 'C')] }));
  const pending = {
    ...view,
    serviceItems: [
      ...view.serviceItems,
      { ...view.serviceItems[0]!, key: 'tmp_new', serviceRequestItemId: 'tmp_new', serviceRequestSequence: 4 },
    ],
  };

  it('by sequence on /servicerequests, by id on /workorders', () => {
    expect(findServiceItem(view, ['2'], 'sequence')?.problemDescription).toBe('B');
    expect(findServiceItem(view, ['2'], 'id')?.problemDescription).toBe('C');
    expect(findServiceItem(view, ['9'], 'sequence')).toBeUndefined();
  });

  it('an unsent item by its temp id, and once sent by the id its temp id became', () => {
    expect(findServiceItem(pending, ['tmp_new'], 'sequence')?.serviceRequestSequence).toBe(4);
    expect(findServiceItem(pending, ['tmp_new'], 'id')?.serviceRequestSequence).toBe(4);
    expect(findServiceItem(view, ['tmp_gone', '502'], 'id')?.problemDescription).toBe('B');
  });

  it('parts by item id or parts-request line; attachments by key, id or content document', () => {
    const parts = { ...view, partsItems: [{ ...view.partsItems[0]!, vantagePartsRequestLineItemId: 9001 }] };
    expect(findPartsItem(parts, ['601'])).toBeDefined();
    expect(findPartsItem(parts, ['9001'])).toBeUndefined();
    expect(findPartsItem(parts, ['9001'], 'partsRequestLine')).toBeDefined();
    expect(findAttachment(view, ['701'])).toBeDefined();
    expect(findAttachment(view, ['doc701'])).toBeDefined();
    expect(findAttachment(view, ['702'])).toBeUndefined();
  });
});

describe('spec 3 §5 Work order review submit', () => {
  const staged = (changes = {}) => viewOf(serverRequest({ requestType: 'A', ...changes }));

  it('a staged request needs a request type and a service item', () => {
    expect(submitIssues(staged())).toEqual([]);
    expect(submitIssues(staged({ requestType: '' })).map((issue) => issue.message)).toEqual([WORK_ORDER_MESSAGES.requestTypeRequired]);
    expect(submitIssues(staged({ serviceItems: [] })).map((issue) => issue.message)).toEqual([WORK_ORDER_MESSAGES.serviceItemRequired]);
  });

  it('a staged request needs a start date when an end date is set, except Factory Service', () => {
    expect(submitIssues(staged({ endDate: '2026-06-12' })).map((issue) => issue.field)).toEqual(['startDate']);
    expect(submitIssues(staged({ endDate: '2026-06-12', startDate: '2026-06-10' }))).toEqual([]);
    expect(submitIssues(staged({ endDate: '2026-06-12', requestType: 'F' }))).toEqual([]);
    // spec 3 §5: a date before 1990 is no date.
    expect(submitIssues(staged({ endDate: '2026-06-12', startDate: '1980-01-01' })).map((issue) => issue.field)).toEqual(['startDate']);
  });

  it('a work order needs an item, a start date if an end date is set, and a performed date (Request for Payment)', () => {
    const workOrder = (changes = {}) => viewOf(workOrderRequest({ performedDate: '2026-06-12', ...changes }));
    expect(submitIssues(workOrder())).toEqual([]);
    expect(submitIssues(workOrder({ performedDate: DATE_PLACEHOLDER })).map((issue) => issue.field)).toEqual(['performedDate']);
    expect(submitIssues(workOrder({ endDate: '2026-06-12', requestType: 'F' })).map((issue) => issue.field)).toEqual(['startDate']);
    expect(submitIssues(workOrder({ serviceItems: [], requestType: '' })).map((issue) => issue.field)).toEqual(['serviceItems']);
  });
});

describe('texts', () => {
  it('dates as MM/DD/YYYY, none for the placeholder and before 1990', () => {
    expect(serviceDateText('2026-06-04')).toBe('06/04/2026');
    expect(serviceDateText('2026-06-04T10:00:00Z')).toBe('06/04/2026');
    expect(serviceDateText(DATE_PLACEHOLDER)).toBe('');
    expect(serviceDateText('1989-12-31')).toBe('');
  });

  it('numbers, status, type and homeowner', () => {
    expect(requestNumberText(viewOf(workOrderRequest()))).toBe('WO-0000041');
    expect(requestNumberText({ vantageWorkOrderNumber: null, serviceRequestNumber: 'tmp_0b7c1a52-3f4e-4d6a-9c1b-2e5f8a9d0c11' })).toBe(
      'New request (not yet numbered)',
    );
    expect(statusText({ status: 'O', vantageWorkOrderId: 1 })).toBe('Open');
    expect(statusText({ status: 'Q9', vantageWorkOrderId: 1 })).toBe('Q9');
    expect(statusText({ status: '', vantageWorkOrderId: null })).toBe('Unsubmitted');
    expect(requestTypeText('F')).toBe('Factory Service');
    expect(requestTypeText('')).toBe('Not chosen');
    const view = viewOf(serverRequest());
    expect(homeownerText(view)).toBe('Ann Lee');
    expect(
      homeownerText({
        ...view,
        account: { ...view.account, firstName: '', lastName: '' },
        homeownerName: '',
        stockHomeString: 'Stock Home',
      }),
    ).toBe('Stock Home');
  });

  it('reads the field out of a server refusal', () => {
    expect(refusalMessage('Performed date is required. (performedDate)')).toBe('Performed date is required.');
    expect(refusalField('Performed date is required. (performedDate)')).toBe('performedDate');
    expect(refusalField('This record was changed by someone else.')).toBeUndefined();
  });

  it('reads an attachment through the images base, query included', () => {
    expect(imageEndpoint('/images?folder=ServiceAttachments&fileName=doc701.jpg')).toEqual({
      endpoint: { base: 'images', path: '' },
      query: { folder: 'ServiceAttachments', fileName: 'doc701.jpg' },
    });
    expect(imageEndpoint('/images/workorders/700041/attachments/doc701')).toEqual({
      endpoint: { base: 'images', path: '/workorders/700041/attachments/doc701' },
      query: {},
    });
    expect(imageEndpoint('/elsewhere/x.jpg')).toBeUndefined();
    expect(imageEndpoint('')).toBeUndefined();
  });
});

describe('/servicerequests/{plantNumber}/{serviceRequestNumber}', () => {
  const row = (changes: Partial<ServiceRequestSummaryView>): ServiceRequestSummaryView => ({ ...viewOf(serverRequest()), ...changes });
  const rows = [
    row({ key: '41', plantNumber: '910', serviceRequestNumber: '000041' }),
    row({ key: '42', plantNumber: '931', serviceRequestNumber: '000041' }),
    row({ key: '43', plantNumber: '910', serviceRequestNumber: '000043', vantageWorkOrderNumber: 'WO-0000043' }),
  ];
  it('finds the request of that plant by its number (leading zeros or not) or its work order number', () => {
    expect(findByNumber(rows, '910', '000041')?.key).toBe('41');
    expect(findByNumber(rows, '931', '41')?.key).toBe('42');
    expect(findByNumber(rows, '910', 'wo-0000043')?.key).toBe('43');
    expect(findByNumber(rows, '967', '000041')).toBeUndefined();
  });
});
