import { STOCK_ORDER_TEXT } from '../../contract';

/*
 * Parts-order texts of this product beyond the contract's PARTS_ORDER_MESSAGES (spec 3 §8 verbatim there).
 * spec 3 §8 gives no toast for creating an order; this one is worded like its others.
 */
export const PARTS_ORDER_TEXTS = {
  created: 'Parts order has been created!',
  notCreated: 'The parts order was not created.',
  title: 'Parts Order',
  notFound: 'This parts order was not found. It may have been canceled, or it belongs to another retail center.',
  loadError: 'The parts order could not be loaded.',
  stockOrder: STOCK_ORDER_TEXT,
} as const;

export const PARTS_LIST_PATH = '/service/parts';
export const stagedOrderPath = (partsOrderKey: string | number) => `/partsorders/${encodeURIComponent(String(partsOrderKey))}`;
export const vantageOrderPath = (partsRequestId: number) => `/partsorders/vantage/${partsRequestId}`;
export const addItemPath = (partsOrderKey: string | number) => `${stagedOrderPath(partsOrderKey)}/partsitems`;
export const editItemPath = (partsOrderKey: string | number, itemKey: string) =>
  `${addItemPath(partsOrderKey)}/${encodeURIComponent(itemKey)}`;
