import { HUD_LABEL_COLUMNS } from '../../../contract/import';
import { defineExport, phoneText } from '../kind';

interface StoredOrder {
  order_number: string;
  quote_number: string;
  retailer_number: string;
  plant_number: string;
  customer: string;
  model_number: string;
  model_desc: string;
  serial_number: string;
  long_serial_number: string;
  order_date: string;
  shipped_date: string | null;
  status: string;
  mdm: string;
  scheduled_production_date: string | null;
  yard_date: string | null;
  scheduled_offline_date: string | null;
  estimated_offline_week_of: string | null;
  scheduled_ship_date: string | null;
  hud_labels: string[];
  quote_creator: string;
  first_validation: string | null;
  second_rso_validation: string | null;
  docs_received: string | null;
  purchase_order_number: string;
  base_price: string;
  option_price: string;
  square_footage: number;
  invoice_total: string;
  ordered_by: string;
  sales_rep: string;
  sales_note: string;
  sold_to: string;
  address1: string;
  dba: string;
  financed_by: string;
  run_number: string;
  phone: string;
  fax: string;
}

/** Sales orders with the number of the quote each was placed from. */
export const ordersExport = defineExport<StoredOrder>({
  select: `o.order_number, (SELECT q.quote_number FROM quotes AS q WHERE q.id = o.quote_id) AS quote_number, o.retailer_number,
    o.plant_number, o.customer, o.model_number, o.model_desc, o.serial_number, o.long_serial_number, o.order_date::text AS order_date,
    o.shipped_date::text AS shipped_date, o.status, o.mdm, o.scheduled_production_date::text AS scheduled_production_date,
    o.yard_date::text AS yard_date, o.scheduled_offline_date::text AS scheduled_offline_date,
    o.estimated_offline_week_of::text AS estimated_offline_week_of, o.scheduled_ship_date::text AS scheduled_ship_date, o.hud_labels,
    o.quote_creator, o.first_validation::text AS first_validation, o.second_rso_validation::text AS second_rso_validation,
    o.docs_received::text AS docs_received, o.purchase_order_number, o.base_price::text AS base_price,
    o.option_price::text AS option_price, o.square_footage, o.invoice_total::text AS invoice_total, o.ordered_by, o.sales_rep,
    o.sales_note, o.sold_to, o.address1, o.dba, o.financed_by, o.run_number, o.phone, o.fax`,
  from: 'sales_orders AS o',
  key: 'o.id',
  cells: (order) => ({
    orderNumber: order.order_number,
    quoteNumber: order.quote_number,
    retailerNumber: order.retailer_number,
    plantNumber: order.plant_number,
    customer: order.customer,
    modelNumber: order.model_number,
    modelDesc: order.model_desc,
    serialNumber: order.serial_number,
    longSerialNumber: order.long_serial_number,
    orderDate: order.order_date,
    shippedDate: order.shipped_date,
    status: order.status,
    csm: order.mdm,
    scheduledProductionDate: order.scheduled_production_date,
    yardDate: order.yard_date,
    scheduledOfflineDate: order.scheduled_offline_date,
    estimatedOfflineWeekOf: order.estimated_offline_week_of,
    scheduledShipDate: order.scheduled_ship_date,
    // Stored as eight labels, or none at all when every one is empty.
    ...Object.fromEntries(HUD_LABEL_COLUMNS.map((column, index) => [column, order.hud_labels[index] ?? null])),
    quoteCreator: order.quote_creator,
    firstValidation: order.first_validation,
    secondRsoValidation: order.second_rso_validation,
    docsReceived: order.docs_received,
    purchaseOrderNumber: order.purchase_order_number,
    basePrice: order.base_price,
    optionPrice: order.option_price,
    squareFootage: order.square_footage,
    invoiceTotal: order.invoice_total,
    orderedBy: order.ordered_by,
    salesRep: order.sales_rep,
    salesNote: order.sales_note,
    soldTo: order.sold_to,
    address1: order.address1,
    dba: order.dba,
    financedBy: order.financed_by,
    runNumber: order.run_number,
    phone: phoneText(order.phone),
    fax: phoneText(order.fax),
  }),
});
