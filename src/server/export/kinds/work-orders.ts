import { eq } from 'drizzle-orm';
import * as t from '../../db/schema';
import { defineExport, jsonCell } from '../kind';
import { filesOf } from './help-documents';

interface StoredPart {
  categoryNumber: string;
  commodityNumber: string;
  partNumber: string;
  partDescription: string;
  notes: string;
  billingCode: string;
  unitOfMeasure: string;
  quantity: number;
  receivedDate: string | null;
  isCorrect: boolean | null;
  incorrectPartMessage: string;
}

interface StoredWorkOrder {
  vantage_work_order_id: number;
  vantage_work_order_number: string;
  serial_number: string;
  retailer_number: string;
  service_request_number: string;
  vantage_case_origin: string;
  case_subject: string;
  case_description: string;
  request_type: string;
  status: string;
  request_date: string | null;
  scheduled_date: string | null;
  performed_date: string | null;
  start_date: string | null;
  end_date: string | null;
  technician: string;
  trip_time: string;
  mileage: string;
  other_costs: string;
  mileage_rate: string;
  one_man_service_rate: string;
  two_man_service_rate: string;
  driver_rate: string;
  signature_on_file: boolean;
  is_under_warranty: boolean;
  is_archived: boolean;
  service_items: {
    problemDescription: string;
    determinedCause: string;
    actionTaken: string;
    declinedReason: string;
    serviceRequestCode: string;
    partsCost: string;
    laborHours: string;
    isTwoMan: boolean;
    hourlyLaborRate: string;
  }[];
  parts_items: StoredPart[];
  attachments: {
    id: number;
    contentDocumentId: string;
    attachmentType: number;
    description: string;
    amount: string;
    fileName: string;
    sizeBytes: number;
  }[];
}

/** A parts item's stored columns as jsonb_build_object arguments (work orders' and parts orders' items alike). */
export const PARTS_ITEM_JSON = `'categoryNumber', item.category_number, 'commodityNumber', item.commodity_number, 'partNumber', item.part_number,
  'partDescription', item.part_description, 'notes', item.notes, 'billingCode', item.billing_code, 'unitOfMeasure', item.unit_of_measure,
  'quantity', item.quantity, 'receivedDate', item.received_date::text, 'isCorrect', item.is_correct,
  'incorrectPartMessage', item.incorrect_part_message`;

/** A parts item in the import's field order; the receipt's fields only when it was received. */
export const partsItemCell = (item: StoredPart) => ({
  categoryNumber: item.categoryNumber,
  commodityNumber: item.commodityNumber,
  partNumber: item.partNumber,
  partDescription: item.partDescription,
  notes: item.notes,
  billingCode: item.billingCode,
  unitOfMeasure: item.unitOfMeasure,
  quantity: item.quantity,
  ...(item.receivedDate === null ? {} : { receivedDate: item.receivedDate }),
  ...(item.isCorrect === null ? {} : { isCorrect: item.isCorrect }),
  incorrectPartMessage: item.incorrectPartMessage,
});

/**
 * Submitted work orders that have the source's work order id (the import's key) with their service items, parts items
 * and attachments, each list in stored order. An attachment's file is written beside the output (named by its
 * contentDocumentId, which is unique); one kept without its file (0 bytes) is exported by its name alone. A staged
 * request, and one made in HomeSite before it had a work order id, are not the import's and are left out.
 */
export const workOrdersExport = defineExport<StoredWorkOrder>({
  select: `r.vantage_work_order_id, r.vantage_work_order_number, r.serial_number, r.retailer_number, r.service_request_number,
    r.vantage_case_origin, r.case_subject, r.case_description, r.request_type, r.status, r.request_date::text AS request_date,
    r.scheduled_date::text AS scheduled_date, r.performed_date::text AS performed_date, r.start_date::text AS start_date,
    r.end_date::text AS end_date, r.technician, r.trip_time::text AS trip_time, r.mileage::text AS mileage, r.other_costs::text AS other_costs,
    r.mileage_rate::text AS mileage_rate, r.one_man_service_rate::text AS one_man_service_rate,
    r.two_man_service_rate::text AS two_man_service_rate, r.driver_rate::text AS driver_rate, r.signature_on_file, r.is_under_warranty,
    r.is_archived,
    (SELECT coalesce(jsonb_agg(jsonb_build_object('problemDescription', item.problem_description, 'determinedCause', item.determined_cause,
        'actionTaken', item.action_taken, 'declinedReason', item.declined_reason, 'serviceRequestCode', item.service_request_code,
        'partsCost', item.parts_cost::text, 'laborHours', item.labor_hours::text, 'isTwoMan', item.is_two_man,
        'hourlyLaborRate', item.hourly_labor_rate::text) ORDER BY item.id), '[]'::jsonb)
      FROM service_items AS item WHERE item.service_request_id = r.id) AS service_items,
    (SELECT coalesce(jsonb_agg(jsonb_build_object(${PARTS_ITEM_JSON}) ORDER BY item.id), '[]'::jsonb)
      FROM service_parts AS item WHERE item.service_request_id = r.id) AS parts_items,
    (SELECT coalesce(jsonb_agg(jsonb_build_object('id', item.id, 'contentDocumentId', item.content_document_id,
        'attachmentType', item.attachment_type, 'description', item.description, 'amount', item.amount::text, 'fileName', item.file_name,
        'sizeBytes', item.size_bytes) ORDER BY item.id), '[]'::jsonb)
      FROM service_attachments AS item WHERE item.service_request_id = r.id) AS attachments`,
  from: 'service_requests AS r',
  where: `r.vantage_work_order_id IS NOT NULL AND r.status <> 'Unsubmitted'`,
  key: 'r.id',
  hasFiles: true,
  cells: (order, context) => ({
    workOrderId: order.vantage_work_order_id,
    workOrderNumber: order.vantage_work_order_number,
    serialNumber: order.serial_number,
    retailerNumber: order.retailer_number,
    serviceRequestNumber: order.service_request_number,
    caseOrigin: order.vantage_case_origin,
    caseSubject: order.case_subject,
    caseDescription: order.case_description,
    requestType: order.request_type,
    status: order.status,
    requestDate: order.request_date,
    scheduledDate: order.scheduled_date,
    performedDate: order.performed_date,
    startDate: order.start_date,
    endDate: order.end_date,
    technician: order.technician,
    tripTime: order.trip_time,
    mileage: order.mileage,
    otherCosts: order.other_costs,
    mileageRate: order.mileage_rate,
    oneManServiceRate: order.one_man_service_rate,
    twoManServiceRate: order.two_man_service_rate,
    driverRate: order.driver_rate,
    signatureOnFile: order.signature_on_file,
    isUnderWarranty: order.is_under_warranty,
    isArchived: order.is_archived,
    serviceItems: jsonCell(
      order.service_items.map((item) => ({
        problemDescription: item.problemDescription,
        determinedCause: item.determinedCause,
        actionTaken: item.actionTaken,
        declinedReason: item.declinedReason,
        serviceRequestCode: item.serviceRequestCode,
        partsCost: item.partsCost,
        laborHours: item.laborHours,
        isTwoMan: item.isTwoMan,
        hourlyLaborRate: item.hourlyLaborRate,
      })),
    ),
    partsItems: jsonCell(order.parts_items.map(partsItemCell)),
    attachments: jsonCell(
      order.attachments.map((attachment) => ({
        contentDocumentId: attachment.contentDocumentId,
        attachmentType: attachment.attachmentType,
        description: attachment.description,
        amount: attachment.amount,
        ...(attachment.sizeBytes > 0
          ? {
              file: filesOf(context).add(`${attachment.contentDocumentId}-${attachment.fileName}`, async (db) => {
                const [stored] = await db
                  .select({ data: t.serviceAttachments.data })
                  .from(t.serviceAttachments)
                  .where(eq(t.serviceAttachments.id, attachment.id));
                return stored!.data;
              }),
            }
          : {}),
        fileName: attachment.fileName,
      })),
    ),
  }),
});
