/**
 * sales-detail: the order, quote and home invoice detail report and the invoice with pricing as a PDF (spec 2 §2, §3
 * Order detail, §7 Detail reports). Who: sales users and viewers (spec 2 §6), within their scope (a plant user's
 * facilities, anyone else's retail center): anything else answers 404, and the client sends a plant user home.
 * Prices are sent only to price viewers (View_Pricing); the PDF is only for them (403).
 *
 * - ?plantNumber&quoteNumber&orderNumber: an order's detail when orderNumber names one of the quote's orders at that
 *   plant, the quote's otherwise (orderNumber '0' or empty). ?serialNumber: the home invoice, the latest order of that
 *   home (short or long serial). Categories and options are the quote's latest revision.
 */
import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import {
  InvoicePdfQuery,
  QUOTE_DELETED,
  SALES_DETAIL_MESSAGES,
  SalesDetailQuery,
  paths,
  SalesDetail,
  type SalesCategory,
} from '../../contract';
import { brandLogo } from '../../lib/formats';
import type { Database } from '../db/client';
import * as t from '../db/schema';
import { ERROR_MESSAGES, errorResponse } from '../http/errors';
import type { Session } from '../auth/session';
import { route, type RouteDefinition } from '../http/route';
import { latestOptions, type OptionRow, type QuoteRow } from '../quotes/store';
import { visibleByScope } from '../work-orders/rules';

type OrderRow = typeof t.salesOrders.$inferSelect;

const notFound = () => errorResponse(404, SALES_DETAIL_MESSAGES.notFound);
const cents = (value: number) => Math.round(value * 100) / 100;

function categoriesOf(options: readonly OptionRow[], plantNumber: string, withPrices: boolean): SalesCategory[] {
  const byCategory = new Map<number, SalesCategory>();
  for (const option of options) {
    let category = byCategory.get(option.categoryId);
    if (!category) {
      category = {
        categoryDesc: option.categoryDesc,
        categorySeq: option.categorySeq,
        categoryID: option.categoryId,
        plantNumber,
        options: [],
      };
      byCategory.set(option.categoryId, category);
    }
    category.options.push({
      optionNumber: option.optionNumber,
      optionDesc: option.optionDesc,
      optionQty: option.optionQty,
      optionPrice: withPrices ? option.optionPrice : 0,
    });
  }
  return [...byCategory.values()].sort((a, b) => a.categorySeq - b.categorySeq);
}

async function detailOf(db: Database, session: Session, quote: QuoteRow, order: OrderRow | undefined): Promise<SalesDetail> {
  const withPrices = session.flags.isPriceViewer;
  const options = await latestOptions(db, quote.id);
  const optionsTotal = cents(options.reduce((sum, option) => sum + option.optionQty * option.optionPrice, 0));
  const summary = {
    baseCostOfHome: quote.baseCostOfHome,
    surchargeAmount: quote.surchargeAmount,
    optionsTotal,
    shippingHandlingDestCharges: quote.shippingHandlingDestCharges,
    freightCharge: quote.freightCharge,
    associationDues: quote.associationDues,
    mhiDues: quote.mhiDues,
    vipAmount: quote.vipAmount,
    partnerAssistanceAmount: quote.partnerAssistanceAmount,
  };
  const total = cents(
    summary.baseCostOfHome +
      summary.surchargeAmount +
      optionsTotal +
      summary.shippingHandlingDestCharges +
      summary.freightCharge +
      summary.associationDues +
      summary.mhiDues -
      summary.vipAmount -
      summary.partnerAssistanceAmount,
  );
  const [retailer] = await db
    .select({ name: t.retailers.name, city: t.retailers.city })
    .from(t.retailers)
    .where(eq(t.retailers.retailerNumber, quote.retailerNumber));
  return {
    retailCustomer: order?.soldTo || quote.customer,
    address1: order?.address1 ?? '',
    brandCode: quote.brandCode,
    brandLogo: brandLogo(quote.brandCode).key,
    modelDesc: order?.modelDesc ?? quote.modelDesc,
    modelNumber: order?.modelNumber ?? quote.modelNumber ?? '',
    fullSerialNumber: order?.longSerialNumber ?? '',
    serialNumber: order?.serialNumber ?? '',
    quoteNumber: quote.quoteNumber,
    quoteDate: quote.quoteDate,
    orderNumber: order?.orderNumber ?? '',
    orderDate: order?.orderDate ?? '',
    orderedBy: order?.orderedBy ?? '',
    squareFootage: quote.squareFootage,
    poNumber: order?.purchaseOrderNumber ?? '',
    salesRep: order?.salesRep ?? quote.mdm,
    salesNote: order?.salesNote ?? '',
    to: retailer ? `${retailer.name}, ${retailer.city}` : quote.retailerNumber,
    dba: order?.dba ?? retailer?.name ?? '',
    financedBy: order?.financedBy ?? '',
    runNumber: order?.runNumber ?? '',
    phone: order?.phone ?? '',
    fax: order?.fax ?? '',
    invoiceTotalAmount: withPrices ? total : 0,
    pricingIncluded: withPrices,
    plantNumber: quote.plantNumber,
    retailerNumber: quote.retailerNumber,
    summary: withPrices ? summary : (Object.fromEntries(Object.keys(summary).map((key) => [key, 0])) as SalesDetail['summary']),
    categoryDetails: categoriesOf(options, quote.plantNumber, withPrices),
  };
}

const visibleQuote = (session: Session, condition: SQL) =>
  and(visibleByScope(session, t.quotes), sql`${t.quotes.status} <> ${QUOTE_DELETED}`, condition);

async function findDetail(db: Database, session: Session, query: SalesDetailQueryOutput) {
  if ('serialNumber' in query) {
    const serial = query.serialNumber.toUpperCase();
    const [order] = await db
      .select()
      .from(t.salesOrders)
      .where(
        and(
          visibleByScope(session, t.salesOrders),
          or(sql`upper(${t.salesOrders.serialNumber}) = ${serial}`, sql`upper(${t.salesOrders.longSerialNumber}) = ${serial}`),
        ),
      )
      .orderBy(desc(t.salesOrders.orderDate))
      .limit(1);
    if (!order) return undefined;
    const [quote] = await db.select().from(t.quotes).where(eq(t.quotes.id, order.quoteId));
    return quote ? { quote, order } : undefined;
  }
  const [quote] = await db
    .select()
    .from(t.quotes)
    .where(visibleQuote(session, and(eq(t.quotes.quoteNumber, query.quoteNumber), eq(t.quotes.plantNumber, query.plantNumber))!));
  if (!quote) return undefined;
  const orderNumber = query.orderNumber && query.orderNumber !== '0' ? query.orderNumber : undefined;
  if (!orderNumber) return { quote, order: undefined };
  const [order] = await db
    .select()
    .from(t.salesOrders)
    .where(and(eq(t.salesOrders.orderNumber, orderNumber), eq(t.salesOrders.quoteId, quote.id), visibleByScope(session, t.salesOrders)))
    .orderBy(asc(t.salesOrders.id));
  return order ? { quote, order } : undefined;
}

type SalesDetailQueryOutput = { serialNumber: string } | { plantNumber: string; quoteNumber: string; orderNumber?: string };

/* ---- the invoice PDF ---- */

const money = (value: number) => `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const PAGE = { width: 612, height: 792, margin: 48 };

/** PDF standard fonts speak WinAnsi only: anything else becomes '?' instead of failing the whole invoice. */
const printable = (text: string) => text.replace(/[^\x20-\x7E\u00A0-\u00FF]/g, '?');

class InvoiceWriter {
  private page: PDFPage;
  private y: number;
  constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.page = doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
  }
  private room(height: number) {
    if (this.y - height < PAGE.margin) {
      this.page = this.doc.addPage([PAGE.width, PAGE.height]);
      this.y = PAGE.height - PAGE.margin;
    }
  }
  line(columns: readonly (readonly [string, number, 'left' | 'right'])[], options: { bold?: boolean; size?: number } = {}) {
    const size = options.size ?? 9;
    this.room(size + 4);
    const font = options.bold ? this.bold : this.font;
    for (const [text, x, align] of columns) {
      const value = printable(text);
      const width = font.widthOfTextAtSize(value, size);
      this.page.drawText(value, { x: align === 'right' ? x - width : x, y: this.y, size, font, color: rgb(0.1, 0.1, 0.1) });
    }
    this.y -= size + 4;
  }
  gap(height = 6) {
    this.y -= height;
  }
}

async function invoicePdf(detail: SalesDetail, plantName: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Home invoice BAQ-${detail.quoteNumber}`);
  doc.setCreator('HomeSite');
  const writer = new InvoiceWriter(doc, await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold));
  const left = PAGE.margin;
  const right = PAGE.width - PAGE.margin;
  writer.line([['Home Invoice', left, 'left']], { bold: true, size: 16 });
  writer.line([
    [`Quote BAQ-${detail.quoteNumber}${detail.orderNumber ? `   Order ${detail.orderNumber}` : ''}`, left, 'left'],
    [plantName, right, 'right'],
  ]);
  writer.gap();
  writer.line([
    [`Customer: ${detail.retailCustomer}`, left, 'left'],
    [`Retailer: ${detail.dba}`, right, 'right'],
  ]);
  writer.line([
    [`Model: ${detail.modelNumber} ${detail.modelDesc}`, left, 'left'],
    [`Serial: ${detail.fullSerialNumber || 'TBD'}`, right, 'right'],
  ]);
  writer.line([
    [`Square footage: ${detail.squareFootage}`, left, 'left'],
    [`Financed by: ${detail.financedBy || '-'}`, right, 'right'],
  ]);
  writer.gap(10);
  for (const category of detail.categoryDetails) {
    writer.line([[category.categoryDesc, left, 'left']], { bold: true, size: 11 });
    writer.line(
      [
        ['Option', left, 'left'],
        ['Description', left + 70, 'left'],
        ['Qty', right - 150, 'right'],
        ['Each', right - 80, 'right'],
        ['Total', right, 'right'],
      ],
      { bold: true },
    );
    for (const option of category.options) {
      writer.line([
        [option.optionNumber, left, 'left'],
        [option.optionDesc.slice(0, 48), left + 70, 'left'],
        [String(option.optionQty), right - 150, 'right'],
        [money(option.optionPrice), right - 80, 'right'],
        [money(option.optionQty * option.optionPrice), right, 'right'],
      ]);
    }
    writer.gap();
  }
  const { summary } = detail;
  const lines: [string, number][] = [
    ['Base cost of home', summary.baseCostOfHome],
    ['Surcharge', summary.surchargeAmount],
    ['Options', summary.optionsTotal],
    ['Shipping, handling and destination', summary.shippingHandlingDestCharges],
    ['Freight', summary.freightCharge],
    ['Association dues', summary.associationDues],
    ['MHI dues', summary.mhiDues],
    ['VIP', -summary.vipAmount],
    ['Partner assistance', -summary.partnerAssistanceAmount],
  ];
  // spec 2 §2: the surcharge row is hidden when it is 0.
  for (const [label, amount] of lines.filter(([label, amount]) => label !== 'Surcharge' || amount !== 0)) {
    writer.line([
      [label, right - 240, 'left'],
      [money(amount), right, 'right'],
    ]);
  }
  writer.line(
    [
      ['Invoice total', right - 240, 'left'],
      [money(detail.invoiceTotalAmount), right, 'right'],
    ],
    { bold: true, size: 11 },
  );
  return doc.save();
}

export const salesDetailRoutes: RouteDefinition[] = [
  route({
    method: 'GET',
    endpoint: paths.salesDetail,
    summary: 'The detail of an order or quote, or a home’s invoice',
    description: '`plantNumber` with `quoteNumber` (and `orderNumber`) names an order or quote; `serialNumber` a home.',
    answer: SalesDetail,
    errors: [404],
    flag: 'isSalesViewer',
    query: SalesDetailQuery,
    handle: async ({ c, db, session, query }) => {
      const found = await findDetail(db, session, query);
      if (!found) return notFound();
      return c.json(await detailOf(db, session, found.quote, found.order));
    },
  }),

  route({
    method: 'GET',
    endpoint: paths.invoicePdf,
    summary: 'A home’s invoice with pricing, as a PDF',
    answer: { contentType: 'application/pdf', description: 'The invoice.' },
    errors: [{ status: 403, description: 'Not a price viewer (View_Pricing).' }, 404],
    flag: 'isSalesViewer',
    query: InvoicePdfQuery,
    handle: async ({ db, session, query }) => {
      if (!session.flags.isPriceViewer) return errorResponse(403, ERROR_MESSAGES.forbidden);
      const [quote] = await db
        .select()
        .from(t.quotes)
        .where(
          visibleQuote(
            session,
            and(
              eq(t.quotes.quoteNumber, query.quoteNumber),
              eq(t.quotes.plantNumber, query.facilityNumber),
              eq(t.quotes.retailerNumber, query.dealerNumber),
            )!,
          ),
        );
      if (!quote) return notFound();
      const [order] = await db
        .select()
        .from(t.salesOrders)
        .where(eq(t.salesOrders.quoteId, quote.id))
        .orderBy(desc(t.salesOrders.orderDate))
        .limit(1);
      const [plant] = await db.select({ name: t.plants.name }).from(t.plants).where(eq(t.plants.plantNumber, quote.plantNumber));
      const bytes = await invoicePdf(await detailOf(db, session, quote, order), plant?.name ?? quote.plantNumber);
      return new Response(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }), {
        status: 200,
        headers: {
          'content-type': 'application/pdf',
          'content-length': String(bytes.byteLength),
          'content-disposition': `attachment; filename="home-invoice-BAQ-${quote.quoteNumber}.pdf"`,
          'cache-control': 'private, no-store',
        },
      });
    },
  }),
];
