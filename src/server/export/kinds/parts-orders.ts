import { defineExport, jsonCell } from '../kind';
import { PARTS_ITEM_JSON, partsItemCell } from './work-orders';

interface StoredPartsOrder {
  plant_number: string;
  parts_log_number: string;
  retailer_number: string;
  home_serial_number: string | null;
  work_order_id: number | null;
  status: string;
  order_date: string;
  expected_ship_date: string | null;
  via_description: string;
  tracking_number: string;
  ship_to_type: string;
  ship_to_address_name: string;
  ship_to_street_address1: string;
  ship_to_city: string;
  ship_to_state: string;
  ship_to_zipcode: string;
  service_email: string;
  items: Parameters<typeof partsItemCell>[0][];
}

/**
 * Submitted parts orders (those with a parts log number) with their items and receipts in stored order: a customer
 * order names its home, a stock order none; the work order it was ordered for by its work order id, when it has one.
 * "Changed" for --since: the order's updated_at, which every write of the order moves, and every write of one of its
 * items too (migration 0007's trigger rewrites the order).
 */
export const partsOrdersExport = defineExport<StoredPartsOrder>({
  select: `o.plant_number, o.parts_log_number, o.retailer_number,
    (SELECT home.serial_number FROM homes AS home WHERE home.id = o.home_id) AS home_serial_number,
    (SELECT request.vantage_work_order_id FROM service_requests AS request WHERE request.id = o.service_request_id) AS work_order_id,
    o.status, o.order_date::text AS order_date, o.expected_ship_date::text AS expected_ship_date, o.via_description, o.tracking_number,
    o.ship_to_type, o.ship_to_address_name, o.ship_to_street_address1, o.ship_to_city, o.ship_to_state, o.ship_to_zipcode, o.service_email,
    (SELECT coalesce(jsonb_agg(jsonb_build_object(${PARTS_ITEM_JSON}) ORDER BY item.id), '[]'::jsonb)
      FROM parts_order_items AS item WHERE item.parts_order_id = o.id) AS items`,
  from: 'parts_orders AS o',
  where: 'o.vantage_parts_request_id IS NOT NULL AND o.parts_log_number IS NOT NULL',
  key: 'o.id',
  changedAt: { expression: 'o.updated_at', meaning: 'the order or one of its items (a receipt) was written, in the app or by an import' },
  cells: (order) => ({
    plantNumber: order.plant_number,
    partsLogNumber: order.parts_log_number,
    retailerNumber: order.retailer_number,
    serialNumber: order.home_serial_number,
    workOrderId: order.work_order_id,
    status: order.status,
    orderDate: order.order_date,
    expectedShipDate: order.expected_ship_date,
    viaDescription: order.via_description,
    trackingNumber: order.tracking_number,
    shipToType: order.ship_to_type,
    shipToName: order.ship_to_address_name,
    shipToStreet: order.ship_to_street_address1,
    shipToCity: order.ship_to_city,
    shipToState: order.ship_to_state,
    shipToZipCode: order.ship_to_zipcode,
    serviceEmail: order.service_email,
    items: jsonCell(order.items.map(partsItemCell)),
  }),
});
