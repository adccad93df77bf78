import { describe, expect, it } from 'vitest';
import {
  BILLING_CODES,
  defaultShipTo,
  PARTS_ORDER_MESSAGES,
  STOCK_DEFAULT_BILLING_CODE,
  WORK_ORDER_MESSAGES,
  type CatalogPart,
} from '../../../src/contract';
import { sortRows } from '../../../src/lib/list';
import {
  applyFilters,
  DEFAULT_PARTS_SORT,
  orderHref,
  orderNumberText,
  PARTS_SORT_COLUMNS,
  plantOptions,
  serialText,
  statusOptions,
} from '../../../src/features/parts-orders/components/list/list-rules';
import { checkStockOrder } from '../../../src/features/parts-orders/components/list/stock-order-modal';
import { checkItem, findCatalogPart, newItemValues } from '../../../src/features/parts-orders/components/panels/parts-item-form';
import { unitOptions } from '../../../src/entities/units-of-measure';
import { incorrectMessageIssue } from '../../../src/features/parts-orders/components/review/incorrect-part-modal';
import { receiptText, receivableItems, shipToChoices } from '../../../src/features/parts-orders/components/review/review-model';
import type { PartsOrderSummaryView } from '../../../src/features/parts-orders/model';
import { viewOfServerOrder } from '../../../src/features/parts-orders/pending/apply-pending';
import { CUSTOMER_SHIP_TO, RETAILER_LOCATIONS, shippedOrder, stagedOrder, summaryOf } from './fixtures';

const row = (id: number, changes: Partial<PartsOrderSummaryView> = {}): PartsOrderSummaryView => ({
  ...summaryOf(stagedOrder({ partsOrderId: id })),
  key: String(id),
  ...changes,
});

describe('parts list rules (spec 3 §2)', () => {
  const rows = [
    row(1, {
      plantNumber: '920',
      plantName: 'Bean Station',
      orderDate: '2026-05-02',
      expectedShipDate: '2026-06-01',
      orderStatus: 'SHIPPED',
      serialNumber: 'B2',
      longSerialNumber: 'B2',
    }),
    row(2, {
      plantNumber: '910',
      plantName: 'Maynardville',
      orderDate: '2026-06-01',
      expectedShipDate: null,
      orderStatus: 'Active',
      serialNumber: '999999',
      longSerialNumber: '',
    }),
    row(3, {
      plantNumber: '910',
      plantName: 'Maynardville',
      orderDate: '2026-04-15',
      expectedShipDate: '2026-05-01',
      orderStatus: 'Submitted',
      serialNumber: 'A1',
      longSerialNumber: 'A1',
    }),
  ];
  const sorted = (columnName: string, direction: 'asc' | 'desc' = 'asc') =>
    sortRows(rows, PARTS_SORT_COLUMNS, { columnName, direction }).map((r) => r.key);

  it('offers the five sorts of §2: plant, ship date, request date, status, serial', () => {
    expect(PARTS_SORT_COLUMNS.map((column) => column.displayName)).toEqual([
      'Plant',
      'Ship Date',
      'Request Date',
      'Status',
      'Serial Number',
    ]);
    expect(DEFAULT_PARTS_SORT).toEqual({ columnName: 'orderDate', direction: 'desc' });
  });

  it('sorts by each', () => {
    expect(sorted('plant')).toEqual(['1', '2', '3']);
    expect(sorted('orderDate', 'desc')).toEqual(['2', '1', '3']);
    // No ship date yet sorts last.
    expect(sorted('expectedShipDate')).toEqual(['3', '1', '2']);
    expect(sorted('status')).toEqual(['2', '1', '3']);
    // A stock order reads 'Stock Order'.
    expect(sorted('serialNumber')).toEqual(['3', '1', '2']);
  });

  it('filters by plant and status (any case), and offers the statuses in the order an order goes through', () => {
    expect(applyFilters(rows, { plant: '910', status: '' }).map((r) => r.key)).toEqual(['2', '3']);
    expect(applyFilters(rows, { plant: '', status: 'shipped' }).map((r) => r.key)).toEqual(['1']);
    expect(applyFilters(rows, { plant: '910', status: 'SHIPPED' })).toEqual([]);
    expect(statusOptions([...rows, row(4, { orderStatus: 'On Hold' })]).map((option) => option.value)).toEqual([
      'Active',
      'Submitted',
      'SHIPPED',
      'On Hold',
    ]);
    expect(plantOptions(rows)).toEqual([
      { value: '920', label: 'Bean Station (920)' },
      { value: '910', label: 'Maynardville (910)' },
    ]);
  });

  it('reads and opens a row: staged by its partsOrderId or temp id, submitted by its parts request id', () => {
    expect(orderHref(row(2))).toBe('/partsorders/2');
    expect(orderHref(row(5, { vantagePartsRequestId: 3005 }))).toBe('/partsorders/vantage/3005');
    expect(orderHref(row(6, { key: 'tmp_0b6b8a8e-2f3c-4d5e-8f90-123456789abc' }))).toBe(
      '/partsorders/tmp_0b6b8a8e-2f3c-4d5e-8f90-123456789abc',
    );
    expect(orderNumberText(row(5, { partsLogNumber: 'PL-5' }))).toBe('PL-5');
    expect(orderNumberText({ key: 'tmp_0b6b8a8e-2f3c-4d5e-8f90-123456789abc', partsLogNumber: null })).toBe('New order');
    expect(serialText(rows[1]!)).toBe('Stock Order');
    expect(serialText(rows[0]!)).toBe('B2');
  });
});

describe('order rules in use (spec 3 §4, §5)', () => {
  it('ship-to choices: the retailer locations first, then the home; the default is the saved one (35 characters) or the retailer', () => {
    const choices = shipToChoices(RETAILER_LOCATIONS, CUSTOMER_SHIP_TO);
    expect(choices.map((choice) => [choice.name, choice.order])).toEqual([
      ['Knoxville Homes', 1],
      ['Knoxville Homes Warehouse', 1],
      ['Ann Lee', 2],
    ]);
    expect(defaultShipTo(choices, '')?.name).toBe('Knoxville Homes');
    expect(defaultShipTo(choices, 'knoxville homes warehouse')?.name).toBe('Knoxville Homes Warehouse');
    expect(shipToChoices(RETAILER_LOCATIONS, null)).toHaveLength(2);
  });

  it('select-all covers only server items not yet marked correct', () => {
    const view = viewOfServerOrder(shippedOrder());
    view.partsItems[1] = { ...view.partsItems[1]!, isCorrect: false, incorrectPartMessage: 'Cracked' };
    view.partsItems.push({ ...view.partsItems[0]!, key: 'tmp_x', partsOrderItemId: 'tmp_x' });
    expect(receivableItems(view).map((item) => item.key)).toEqual(['601', '602']);
    expect(view.partsItems.map(receiptText)).toEqual(['', 'Incorrect: Cracked', 'Correct', '']);
  });

  it('a new item defaults to quantity 1, and a stock order to Retailer Inventory (spec 3 §4, §9)', () => {
    expect(newItemValues({ longSerialNumber: '' })).toMatchObject({ quantity: '1', billingCode: STOCK_DEFAULT_BILLING_CODE });
    expect(newItemValues({ longSerialNumber: 'MAY012345TNAB' })).toMatchObject({ quantity: '1', billingCode: '' });
    expect(BILLING_CODES).toEqual(['Non-Warranty', 'Retailer Inventory', 'Shortage', 'Warranty']);
  });

  it('checks an item against the contract and the known units', () => {
    const units = [{ abbreviation: 'EA', description: 'Each' }];
    const values = { ...newItemValues({ longSerialNumber: '' }), partDescription: 'Faucet', unitOfMeasure: 'EA' };
    expect(checkItem(values, units)).toMatchObject({
      ok: true,
      body: { quantity: 1, billingCode: 'Retailer Inventory', unitOfMeasure: 'EA' },
    });
    expect(checkItem({ ...values, quantity: '0', unitOfMeasure: 'BOX', partDescription: ' ', billingCode: '' }, units)).toEqual({
      ok: false,
      fields: {
        unitOfMeasure: WORK_ORDER_MESSAGES.unitOfMeasureUnknown,
        partDescription: WORK_ORDER_MESSAGES.partDescriptionRequired,
        billingCode: WORK_ORDER_MESSAGES.billingCodeRequired,
        quantity: WORK_ORDER_MESSAGES.quantityInvalid,
      },
    });
    // The unit a catalog part brings is accepted even when the list lacks it, and stays choosable.
    expect(checkItem({ ...values, unitOfMeasure: 'BOX' }, units, 'BOX').ok).toBe(true);
    expect(unitOptions(units, 'BOX').map((option) => option.value)).toEqual(['', 'BOX', 'EA']);
  });

  it('finds the catalog part an item came from', () => {
    const part = { partNumber: 'FAU-1', categoryNumber: '05', commodityNumber: '20' } as CatalogPart;
    expect(findCatalogPart([part], { partNumber: 'FAU-1', categoryNumber: '05', commodityNumber: '20' })).toBe(part);
    expect(findCatalogPart([part], { partNumber: 'FAU-1', categoryNumber: '05', commodityNumber: '21' })).toBeUndefined();
    expect(findCatalogPart([part], { partNumber: '', categoryNumber: '', commodityNumber: '' })).toBeUndefined();
  });

  it('the stock order needs a facility; the incorrect-part modal needs a message (spec 3 §5)', () => {
    expect(checkStockOrder('')).toEqual({ ok: false, message: PARTS_ORDER_MESSAGES.facilityRequired });
    expect(checkStockOrder('910')).toEqual({ ok: true, input: { plantNumber: '910', longSerialNumber: '', serviceRequestId: null } });
    expect(incorrectMessageIssue('  ')).toBe(PARTS_ORDER_MESSAGES.incorrectMessageRequired);
    expect(incorrectMessageIssue('Cracked')).toBeUndefined();
  });
});
