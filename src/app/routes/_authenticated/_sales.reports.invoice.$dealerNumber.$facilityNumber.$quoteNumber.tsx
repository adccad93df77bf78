import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { defineParams, RouteSegment } from '../../route-params';
import { InvoiceDownload } from '../../../features/sales-detail/components/invoice-download';

/** spec 2 §2 /reports/invoice/{dealerNumber}/{facilityNumber}/{quoteNumber}: downloads the home invoice with pricing. */
export const Route = createFileRoute('/_authenticated/_sales/reports/invoice/$dealerNumber/$facilityNumber/$quoteNumber')({
  params: defineParams(v.object({ dealerNumber: RouteSegment, facilityNumber: RouteSegment, quoteNumber: RouteSegment })),
  staticData: { title: 'Home Invoice' },
  component: function InvoiceRoute() {
    return <InvoiceDownload target={Route.useParams()} />;
  },
});
