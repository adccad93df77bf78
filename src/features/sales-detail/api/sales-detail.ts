import { useQuery } from '@tanstack/react-query';
import { SalesDetail, paths } from '../../../contract';
import { isOfflineError, request, requestBlob } from '../../../lib/http';
import { NOT_PERSISTED, readThrough } from '../../../offline/cached-read';
import { getOffline } from '../../../offline/runtime';
import { readDocument, storeDocument } from '../../../offline/documents';

/** Which report: an order's or a quote's detail (spec 2 §7 ?plantNumber&quoteNumber&orderNumber), or a home invoice (?serialNumber). */
export type SalesDetailTarget = { plantNumber: string; quoteNumber: string; orderNumber: string } | { serialNumber: string; plantNumber: string };

const targetId = (target: SalesDetailTarget) =>
  'serialNumber' in target ? `invoice:${target.plantNumber}:${target.serialNumber}` : `${target.plantNumber}:${target.quoteNumber}:${target.orderNumber}`;

/** GET {api}/Reports/Sales/: kept on the device once opened, so the report reads offline with its age. */
export const useSalesDetail = (scope: string, target: SalesDetailTarget) =>
  useQuery({
    queryKey: ['sales-detail', scope, targetId(target)],
    queryFn: () =>
      readThrough(`sales-detail:${scope}`, targetId(target), () =>
        request(paths.salesDetail, {
          query: 'serialNumber' in target ? { serialNumber: target.serialNumber } : target,
          schema: SalesDetail,
          handles: [404],
        }),
      ),
    meta: NOT_PERSISTED,
    retry: false,
  });

export interface InvoiceTarget {
  dealerNumber: string;
  facilityNumber: string;
  quoteNumber: string;
}

const INVOICE_KIND = 'home-invoice';

/**
 * GET {api}/reports/homeInvoice/pricing: the invoice with pricing as a PDF. Kept on the device once fetched, so it
 * downloads offline too (the copy kept is the one last fetched).
 */
export async function fetchInvoicePdf(target: InvoiceTarget): Promise<Blob> {
  const id = `${target.dealerNumber}:${target.facilityNumber}:${target.quoteNumber}`;
  const db = getOffline().db;
  try {
    const { blob } = await requestBlob(paths.invoicePdf, { query: { ...target }, handles: 'all' });
    await storeDocument(db, { kind: INVOICE_KIND, id, displayName: `BAQ-${target.quoteNumber}`, contentType: 'application/pdf', size: blob.size, etag: '', updatedAt: Date.now() }, await blob.arrayBuffer());
    return blob;
  } catch (error) {
    const kept = isOfflineError(error) ? await readDocument(db, INVOICE_KIND, id) : undefined;
    if (kept) return new Blob([kept.data], { type: 'application/pdf' });
    throw error;
  }
}
