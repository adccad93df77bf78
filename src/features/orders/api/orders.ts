import { queryOptions, useQuery } from '@tanstack/react-query';
import { QuoteValidation, paths, type SalesOrder } from '../../../contract';
import { KEPT_LIST_SOURCES, type KeptListName } from '../../../contract/kept-lists';
import { request } from '../../../lib/http';
import { newUuid } from '../../../lib/ids';
import { NOT_PERSISTED } from '../../../offline/cached-read';
import { keptList, keptPageOf, readKeptList } from '../../../offline/kept-lists';

/**
 * Where the Order Detail reports kept on the device are (a cache kind of cached-read.ts, and a report's id in it):
 * the app's route hands it over from the feature that keeps them.
 */
export interface KeptReports {
  kind: string;
  idOf: (report: Pick<SalesOrder, 'plantNumber' | 'quoteNumber' | 'orderNumber'>) => string;
}

export const orderKeys = { all: ['orders'] as const, list: (scope: string) => ['orders', 'list', scope] as const };

/** GET {api}/order (spec 2 §7): the orders, kept on the device row by row and brought up to date by delta sync. */
export const orderList = keptList<SalesOrder>({
  list: 'salesOrders' satisfies KeptListName,
  table: (db) => db.salesOrders,
  key: (row) => row.orderId,
  firstPage: { index: 'orderDate', reverse: true },
  compare: (a, b) => b.orderDate.localeCompare(a.orderDate) || b.orderId - a.orderId,
  fetchPage: keptPageOf(KEPT_LIST_SOURCES.salesOrders),
});

export const useOrders = (scope: string) =>
  useQuery(
    queryOptions({
      queryKey: orderKeys.list(scope),
      queryFn: () => readKeptList(orderList, scope),
      meta: NOT_PERSISTED,
      structuralSharing: false,
    }),
  );

/** PUT {mchQuoteApi}/copyiseriesquote: the order copied into a new Build A Quote quote at today's pricing; a refusal is a 400 with the spec's message. */
export const copyOrderIntoBuildAQuote = (order: Pick<SalesOrder, 'orderNumber' | 'plantNumber'>) =>
  request(paths.copyIseriesQuote, {
    method: 'PUT',
    body: { orderNumber: order.orderNumber, plantNumber: order.plantNumber },
    idempotencyKey: newUuid(),
    schema: QuoteValidation,
    handles: [400],
  });
