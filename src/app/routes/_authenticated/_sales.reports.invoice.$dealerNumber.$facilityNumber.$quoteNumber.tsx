import { createFileRoute } from '@tanstack/react-router';
import { InvoiceDownload } from '../../../features/sales-detail/components/invoice-download';

/** spec 2 §2 /reports/invoice/{dealerNumber}/{facilityNumber}/{quoteNumber}: downloads the home invoice with pricing. */
export const Route = createFileRoute('/_authenticated/_sales/reports/invoice/$dealerNumber/$facilityNumber/$quoteNumber')({
  staticData: { title: 'Home Invoice' },
  component: function InvoiceRoute() {
    return <InvoiceDownload target={Route.useParams()} />;
  },
});
