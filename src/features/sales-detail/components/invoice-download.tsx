import { useEffect, useState } from 'react';
import { SALES_DETAIL_MESSAGES } from '../../../contract';
import { saveBlob } from '../../../lib/files';
import { HttpError, isOfflineError } from '../../../lib/http';
import { NotOnDevice } from '../../../ui/not-on-device';
import { fetchInvoicePdf, type InvoiceTarget } from '../api/sales-detail';

/** /reports/invoice/{dealer}/{facility}/{quote}: downloads the home invoice with pricing as a PDF on arrival (spec 2 §2). */
export function InvoiceDownload({ target }: { target: InvoiceTarget }) {
  const [state, setState] = useState<
    { status: 'loading' } | { status: 'done' } | { status: 'notOnDevice' } | { status: 'failed'; message: string }
  >({ status: 'loading' });
  const { dealerNumber, facilityNumber, quoteNumber } = target;
  useEffect(() => {
    let active = true;
    fetchInvoicePdf({ dealerNumber, facilityNumber, quoteNumber }).then(
      (blob) => {
        if (!active) return;
        saveBlob(blob, `home-invoice-BAQ-${quoteNumber}.pdf`);
        setState({ status: 'done' });
      },
      (error: unknown) => {
        if (!active) return;
        // Never downloaded on this device and no connection: not an error (issue 19).
        if (isOfflineError(error)) {
          setState({ status: 'notOnDevice' });
          return;
        }
        const message =
          error instanceof HttpError && error.status === 403
            ? SALES_DETAIL_MESSAGES.invoiceNotAuthorized
            : SALES_DETAIL_MESSAGES.invoiceUnexpected;
        setState({ status: 'failed', message });
      },
    );
    return () => {
      active = false;
    };
  }, [dealerNumber, facilityNumber, quoteNumber]);
  return (
    <div className="page">
      <h1 className="page__title">Home Invoice</h1>
      {state.status === 'loading' && <p role="status">Downloading the invoice…</p>}
      {state.status === 'done' && <p role="status">The invoice has been downloaded.</p>}
      {state.status === 'notOnDevice' && <NotOnDevice what="home invoice PDF" />}
      {state.status === 'failed' && (
        <p className="notice notice--warning" role="alert">
          {state.message}
        </p>
      )}
    </div>
  );
}
