import { describe, expect, it } from 'vitest';
import { RECEIVED_ORDER_STATUS, STOCK_SERIAL_NUMBER, type PartsOrderItemInput } from '../../../src/contract';
import {
  addItemCall,
  cancelOrderCall,
  createPartsOrderCall,
  deleteItemCall,
  markIncorrectCall,
  markReceivedCall,
  submitOrderCall,
  updateItemCall,
  updateShipToCall,
} from '../../../src/features/parts-orders/api/calls';
import { orderRecordKey, type PartsOrderRef } from '../../../src/features/parts-orders/model';
import { applyPending, applyPendingToList, findHome, viewOfServerOrder } from '../../../src/features/parts-orders/pending/apply-pending';
import { entryOf, home, shippedOrder, stagedOrder, summaryOf } from './fixtures';

const ref = (order = stagedOrder()): PartsOrderRef => ({
  key: String(order.partsOrderId),
  partsOrderId: order.partsOrderId,
  plantNumber: order.plantNumber,
  partsLogNumber: order.partsLogNumber,
  vantagePartsRequestId: order.vantagePartsRequestId,
});

const itemBody = (changes: Partial<PartsOrderItemInput> = {}): PartsOrderItemInput => ({
  categoryNumber: '05',
  commodityNumber: '20',
  partNumber: 'FAU-1',
  partDescription: 'Kitchen faucet',
  notes: 'Chrome',
  billingCode: 'Warranty',
  unitOfMeasure: 'EA',
  quantity: 2,
  ...changes,
});

const context = {
  home: (plantNumber: string, serial: string) => findHome([home()], plantNumber, serial),
  plantName: (plantNumber: string) => (plantNumber === '920' ? 'Bean Station' : undefined),
  retailer: { retailerNumber: '4217', name: 'Knoxville Homes' },
};

describe('every parts-order write of spec 3 §7 says what the user did (its intent)', () => {
  const order = stagedOrder();
  const shipped = shippedOrder();
  const created = createPartsOrderCall({ plantNumber: '910', longSerialNumber: '', serviceRequestId: null });
  const cases: [string, { intent: object }, object][] = [
    ['create', created.call, { kind: 'create-order', orderId: created.tempId }],
    [
      'ship-to',
      updateShipToCall(ref(order), {
        shipToType: 'Retailer',
        shipToAddressName: 'X',
        shipToStreetAddress1: '',
        shipToCity: '',
        shipToState: '',
        shipToZipcode: '',
        rowVersion: 4,
      }),
      { kind: 'ship-to' },
    ],
    ['cancel', cancelOrderCall(ref(order)), { kind: 'cancel' }],
    ['submit', submitOrderCall(ref(order)), { kind: 'submit' }],
    ['add item', addItemCall(ref(order), itemBody()).call, { kind: 'item', action: 'add' }],
    ['update item', updateItemCall(ref(order), '601', { ...itemBody(), rowVersion: 1 }, {}), { kind: 'item', action: 'update', id: '601' }],
    ['delete item', deleteItemCall(ref(order), '601', 'P1'), { kind: 'item', action: 'remove', id: '601' }],
    ['mark received', markReceivedCall(ref(shipped), [601]), { kind: 'receipt' }],
    ['mark incorrect', markIncorrectCall(ref(shipped), 601, 'Wrong colour', 'P1'), { kind: 'receipt' }],
  ];
  it.each(cases)('%s', (_name, call, intent) => {
    expect(call.intent).toMatchObject({ feature: 'parts-orders', ...intent });
  });

  it('builds the exact paths and bodies of spec 3 §7', () => {
    const shippedRef = ref(shipped);
    expect(markReceivedCall(shippedRef, [601, 602])).toMatchObject({
      method: 'PUT',
      path: '/Parts/910/PL-3001/PartsReceived',
      recordKey: orderRecordKey(81),
      body: {
        items: [
          { partsOrderItemId: 601, isCorrect: true, incorrectPartMessage: '' },
          { partsOrderItemId: 602, isCorrect: true, incorrectPartMessage: '' },
        ],
      },
    });
    expect(markIncorrectCall(shippedRef, 602, 'Cracked', 'P2')).toMatchObject({
      method: 'PUT',
      path: '/Parts/vantage/3001',
      body: { items: [{ partsOrderItemId: 602, isCorrect: false, incorrectPartMessage: 'Cracked' }] },
    });
    const { tempId, call } = createPartsOrderCall({ plantNumber: '910', longSerialNumber: '', serviceRequestId: null });
    expect(call).toMatchObject({
      method: 'POST',
      path: '/Parts',
      createsTempId: tempId,
      idField: 'partsOrderId',
      recordKey: orderRecordKey(tempId),
    });
    expect(() => markReceivedCall(ref(order), [601])).toThrow();
  });
});

describe('applyPending: the order as it will be', () => {
  it('with nothing queued is the server copy, keyed by its id', () => {
    const view = applyPending(stagedOrder(), [])!;
    expect(view).toMatchObject({ key: '81', hasPendingChanges: false, failures: [] });
    expect(view.partsItems.map((item) => item.key)).toEqual(['601', '602']);
  });

  it('an offline customer order is a skeleton from its create call and the kept home, marked pending', () => {
    const { tempId, call } = createPartsOrderCall({ plantNumber: '910', longSerialNumber: 'MAY012345TNAB', serviceRequestId: null });
    const view = applyPending(undefined, [entryOf(call)], context)!;
    expect(view).toMatchObject({
      key: tempId,
      partsOrderId: tempId,
      orderStatus: 'Active',
      serialNumber: 'MAY012345TNAB',
      plantName: 'Maynardville',
      vantageAssetId: 7,
      warranty: { firstName: 'Ann', lastName: 'Lee' },
      orderDate: '2026-06-15',
      rowVersion: 0,
      canEdit: true,
    });
    expect(view.customerShipTo).toMatchObject({ name: 'Ann Lee', address1: '12 Oak St', order: 2 });
    expect(view.pending).toMatchObject({ state: 'pending', label: 'Create parts order for MAY012345TNAB' });
  });

  it('an offline stock order has the stock serial 999999, no customer ship-to, and the plant name the device knows (spec 3 §9)', () => {
    const { call } = createPartsOrderCall({ plantNumber: '920', longSerialNumber: '', serviceRequestId: null });
    const view = applyPending(undefined, [entryOf(call)], context)!;
    expect(view).toMatchObject({
      serialNumber: STOCK_SERIAL_NUMBER,
      longSerialNumber: '',
      plantName: 'Bean Station',
      retailerNumber: '4217',
      customerShipTo: null,
    });
  });

  it('queued ship-to changes apply in order, each counting the order rowVersion up', () => {
    const order = stagedOrder();
    const first = updateShipToCall(ref(order), {
      shipToType: 'Retailer',
      shipToAddressName: 'Knoxville Homes Warehouse',
      shipToStreetAddress1: '9 Depot Rd',
      shipToCity: 'Knoxville',
      shipToState: 'TN',
      shipToZipcode: '37919',
      rowVersion: 4,
    });
    const second = updateShipToCall(ref(order), {
      shipToType: 'Home Address',
      shipToAddressName: 'Ann Lee',
      shipToStreetAddress1: '12 Oak St',
      shipToCity: 'Knoxville',
      shipToState: 'TN',
      shipToZipcode: '37918',
      rowVersion: 5,
    });
    const view = applyPending(order, [entryOf(first), entryOf(second)])!;
    expect(view).toMatchObject({
      shipToType: 'Home Address',
      shipToAddressName: 'Ann Lee',
      shipToStreetAddress1: '12 Oak St',
      rowVersion: 6,
      hasPendingChanges: true,
    });
    expect(view.pendingShipTo?.state).toBe('pending');
  });

  it('items: an add shows under its temp id, an update changes fields and counts the item rowVersion up, a delete removes it', () => {
    const order = stagedOrder();
    const added = addItemCall(ref(order), itemBody());
    const updateAdded = updateItemCall(ref(order), added.tempId, { ...itemBody({ quantity: 5 }), rowVersion: 0 }, itemBody());
    const update = updateItemCall(
      ref(order),
      '601',
      { ...itemBody({ partNumber: 'P1', partDescription: 'Door strike', quantity: 4 }), rowVersion: 1 },
      order.partsItems[0]!,
    );
    const remove = deleteItemCall(ref(order), '602', 'P2');
    const view = applyPending(
      order,
      [added.call, updateAdded, update, remove].map((call) => entryOf(call)),
    )!;
    expect(view.partsItems.map((item) => [item.key, item.partNumber, item.quantity, item.rowVersion])).toEqual([
      ['601', 'P1', 4, 2],
      [added.tempId, 'FAU-1', 5, 1],
    ]);
    expect(view.partsItems[1]).toMatchObject({
      partsOrderItemId: added.tempId,
      combinedPartNumber: '0520FAU-1',
      isCorrect: null,
      pending: { state: 'pending' },
    });
    // Item writes leave the order's own rowVersion alone (as the server does).
    expect(view.rowVersion).toBe(4);
  });

  it('cancel and submit are marked; submit counts the rowVersion up', () => {
    const order = stagedOrder();
    expect(applyPending(order, [entryOf(cancelOrderCall(ref(order)))])!.pendingCancel?.label).toBe('Cancel parts order');
    const submitted = applyPending(order, [entryOf(submitOrderCall(ref(order)))])!;
    expect(submitted.pendingSubmit?.label).toBe('Submit parts order');
    expect(submitted.rowVersion).toBe(5);
  });

  it('receipt marks apply with the contract rule: correct, incorrect with its message, the day they were made (spec 3 §4)', () => {
    const order = shippedOrder();
    const view = applyPending(order, [
      entryOf(markReceivedCall(ref(order), [601])),
      entryOf(markIncorrectCall(ref(order), 602, 'Wrong colour', 'P2')),
    ])!;
    expect(view.partsItems.map((item) => [item.key, item.isCorrect, item.incorrectPartMessage, item.receivedDate])).toEqual([
      ['601', true, '', '2026-06-15'],
      ['602', false, 'Wrong colour', '2026-06-15'],
      ['603', true, '', '2026-06-21'],
    ]);
    expect(view.partsItems[0]!.pending?.state).toBe('pending');
    expect(view.partsItems[2]!.pending).toBeUndefined();
    expect(view.pendingReceipt).toBeDefined();
    expect(view.orderStatus).toBe('SHIPPED');
    expect(view.rowVersion).toBe(6);
  });

  it('an incorrect part marked correct later clears its message, and the order becomes Received once all are correct', () => {
    const order = shippedOrder({
      partsItems: shippedOrder().partsItems.map((item) =>
        item.partsOrderItemId === 602 ? { ...item, isCorrect: false, incorrectPartMessage: 'Cracked' } : item,
      ),
    });
    const view = applyPending(order, [entryOf(markReceivedCall(ref(order), [601, 602]))])!;
    expect(view.partsItems.every((item) => item.isCorrect === true && item.incorrectPartMessage === '')).toBe(true);
    expect(view).toMatchObject({ orderStatus: RECEIVED_ORDER_STATUS, allReceivedCorrect: true });
  });

  it('a refused change is kept with the server message: on its item and in the failures', () => {
    const order = stagedOrder();
    const update = updateItemCall(ref(order), '601', { ...itemBody(), rowVersion: 1 }, {});
    const view = applyPending(order, [entryOf(update, 'failed', 'This record was changed by someone else.')])!;
    expect(view.partsItems[0]!.pending).toMatchObject({ state: 'failed', message: 'This record was changed by someone else.' });
    expect(view.failures).toHaveLength(1);
  });

  it('is undefined with neither a server copy nor a create', () => {
    expect(applyPending(undefined, [entryOf(submitOrderCall(ref()))])).toBeUndefined();
  });

  it('viewOfServerOrder keys items by their ids', () => {
    expect(viewOfServerOrder(shippedOrder()).partsItems.map((item) => item.key)).toEqual(['601', '602', '603']);
  });
});

describe('applyPendingToList: the parts list as it will be', () => {
  const staged = stagedOrder();
  const shipped = shippedOrder({ partsOrderId: 82 });
  const rows = [summaryOf(staged), summaryOf(shipped)];

  it('puts orders made on this device first, newest first, marked pending', () => {
    const first = createPartsOrderCall({ plantNumber: '920', longSerialNumber: '', serviceRequestId: null });
    const second = createPartsOrderCall({ plantNumber: '910', longSerialNumber: 'MAY012345TNAB', serviceRequestId: null });
    const added = addItemCall(
      { key: first.tempId, partsOrderId: first.tempId, plantNumber: '920', partsLogNumber: null, vantagePartsRequestId: null },
      itemBody(),
    );
    const list = applyPendingToList(rows, [entryOf(first.call), entryOf(second.call), entryOf(added.call)], context);
    expect(list.map((row) => row.key)).toEqual([second.tempId, first.tempId, '81', '82']);
    expect(list[1]).toMatchObject({
      serialNumber: STOCK_SERIAL_NUMBER,
      itemCount: 1,
      orderStatus: 'Active',
      pending: { state: 'pending' },
    });
    expect(list[0]).toMatchObject({ homeownerName: 'Ann Lee', itemCount: 0 });
  });

  it('marks server rows with queued changes; item counts follow adds and removals; the action waiting is named', () => {
    const list = applyPendingToList(
      rows,
      [
        entryOf(addItemCall(ref(staged), itemBody()).call),
        entryOf(addItemCall(ref(staged), itemBody()).call),
        entryOf(deleteItemCall(ref(staged), '601', 'P1')),
        entryOf(submitOrderCall(ref(staged))),
      ],
      context,
    );
    expect(list[0]).toMatchObject({
      key: '81',
      itemCount: 3,
      pendingAction: 'submit',
      pending: { state: 'pending', label: 'Add parts item FAU-1' },
    });
    expect(list[1]!.pending).toBeUndefined();
  });

  it('shows a refused change ahead of pending ones on the row', () => {
    const list = applyPendingToList(rows, [
      entryOf(markReceivedCall(ref(shipped), [601])),
      entryOf(markIncorrectCall(ref(shipped), 602, 'x', 'P2'), 'failed', 'Parts can be marked received only once the order has shipped.'),
    ]);
    expect(list[1]).toMatchObject({
      pendingAction: 'receipt',
      pending: { state: 'failed', message: 'Parts can be marked received only once the order has shipped.' },
    });
  });
});
