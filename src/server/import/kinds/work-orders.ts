import { sql } from 'drizzle-orm';
import { laborRateFor, MAX_ATTACHMENT_BYTES, workOrderCosts } from '../../../contract';
import { WORK_ORDER_IMPORT_COLUMNS, WorkOrderImportRow, type AttachmentImport, type PartsItemImport } from '../../../contract/import';
import type { Database } from '../../db/client';
import * as t from '../../db/schema';
import { workOrderIdOfNumber, type NumberStarts } from '../../numbers/number-starts';
import { attachmentContentType } from '../../work-orders/attachments';
import { defineKind, doesNotExist, type RowIssue } from '../kind';
import { countWrites, queryRows, upsertRows, withJson, type InputColumn } from '../write';
import { readCheckedFile } from './files';
import { FILE_BYTES_PER_WRITE, sha256Of } from './help-documents';

type ReadFile = (relativePath: string) => Promise<Uint8Array>;

export const WORK_ORDERS_KIND = 'work-orders';

interface Rates {
  mileageRate: number;
  oneManServiceRate: number;
  twoManServiceRate: number;
  driverRate: number;
}

interface WorkOrderReferences {
  /** By serial number in capitals. */
  homes: Map<string, { id: number; serialNumber: string; plantNumber: string; retailerNumber: string }>;
  retailers: Set<string>;
  rates: Map<string, Rates>;
  units: Set<string>;
  /** Work order ids below the start that HomeSite made (no import wrote them): an import must not take them over. */
  madeInHomeSite: Set<number>;
  /** The work order id each stored attachment belongs to, by content document id. */
  attachmentOwners: Map<string, number | null>;
}

const ATTACHMENT_FILE = { maxBytes: MAX_ATTACHMENT_BYTES, typeOf: attachmentContentType, types: 'a JPEG, PNG, GIF or PDF' };

/** The refusals of a key HomeSite could hand out itself (numbers/number-starts.ts). */
export function workOrderNumberIssues(row: Pick<WorkOrderImportRow, 'workOrderId' | 'workOrderNumber'>, starts: NumberStarts): RowIssue[] {
  const issues: RowIssue[] = [];
  const range = `HomeSite numbers its own work orders from ${starts.workOrder} (WORK_ORDER_NUMBER_START)`;
  if (row.workOrderId >= starts.workOrder)
    issues.push({
      field: 'workOrderId',
      message: `${row.workOrderId} collides with the numbers HomeSite hands out: ${range}. Raise it above the source's.`,
    });
  const numbered = workOrderIdOfNumber(row.workOrderNumber);
  if (numbered !== undefined && numbered >= starts.workOrder)
    issues.push({ field: 'workOrderNumber', message: `${row.workOrderNumber} collides with the numbers HomeSite hands out: ${range}.` });
  return issues;
}

/** The work order's own row; its rates default to the plant's, and its totals are computed as the app computes them. */
function requestRow(row: WorkOrderImportRow, refs: WorkOrderReferences) {
  const home = refs.homes.get(row.serialNumber)!;
  const plant = refs.rates.get(home.plantNumber);
  const rates: Rates = {
    mileageRate: row.mileageRate ?? plant?.mileageRate ?? 0,
    oneManServiceRate: row.oneManServiceRate ?? plant?.oneManServiceRate ?? 0,
    twoManServiceRate: row.twoManServiceRate ?? plant?.twoManServiceRate ?? 0,
    driverRate: row.driverRate ?? plant?.driverRate ?? 0,
  };
  const items = row.serviceItems.map((item) => ({
    ...item,
    hourlyLaborRate: item.hourlyLaborRate ?? laborRateFor(item.isTwoMan, rates),
  }));
  const costs = workOrderCosts({ ...rates, mileage: row.mileage, tripTime: row.tripTime, otherCosts: row.otherCosts, items });
  return {
    items,
    request: {
      vantage_work_order_id: row.workOrderId,
      vantage_work_order_number: row.workOrderNumber,
      service_request_number: row.serviceRequestNumber,
      home_id: home.id,
      plant_number: home.plantNumber,
      retailer_number: row.retailerNumber ?? home.retailerNumber,
      serial_number: home.serialNumber,
      vantage_case_origin: row.caseOrigin,
      case_subject: row.caseSubject,
      case_description: row.caseDescription,
      request_type: row.requestType ?? '',
      status: row.status,
      request_date: row.requestDate,
      scheduled_date: row.scheduledDate ?? null,
      performed_date: row.performedDate ?? null,
      start_date: row.startDate ?? null,
      end_date: row.endDate ?? null,
      technician: row.technician,
      trip_time: row.tripTime,
      mileage: row.mileage,
      other_costs: row.otherCosts,
      mileage_rate: rates.mileageRate,
      one_man_service_rate: rates.oneManServiceRate,
      two_man_service_rate: rates.twoManServiceRate,
      driver_rate: rates.driverRate,
      total_service_cost: costs.totalServiceCost,
      total_combined_cost: costs.totalCombinedCost,
      signature_on_file: row.signatureOnFile,
      is_under_warranty: row.isUnderWarranty,
      is_archived: row.isArchived,
    },
  };
}

const REQUEST_COLUMNS: readonly InputColumn[] = [
  ['vantage_work_order_id', 'integer'],
  ['vantage_work_order_number', 'text'],
  ['service_request_number', 'text'],
  ['home_id', 'integer'],
  ['plant_number', 'text'],
  ['retailer_number', 'text'],
  ['serial_number', 'text'],
  ['vantage_case_origin', 'text'],
  ['case_subject', 'text'],
  ['case_description', 'text'],
  ['request_type', 'text'],
  ['status', 'text'],
  ['request_date', 'date'],
  ['scheduled_date', 'date'],
  ['performed_date', 'date'],
  ['start_date', 'date'],
  ['end_date', 'date'],
  ['technician', 'text'],
  ['trip_time', 'numeric'],
  ['mileage', 'numeric'],
  ['other_costs', 'numeric'],
  ['mileage_rate', 'numeric'],
  ['one_man_service_rate', 'numeric'],
  ['two_man_service_rate', 'numeric'],
  ['driver_rate', 'numeric'],
  ['total_service_cost', 'numeric'],
  ['total_combined_cost', 'numeric'],
  ['signature_on_file', 'boolean'],
  ['is_under_warranty', 'boolean'],
  ['is_archived', 'boolean'],
];
const names = (columns: readonly InputColumn[]) => columns.map(([name]) => name);

/*
 * The children of a work order (service items, parts items, attachments) are the row's lists: compared with what is
 * stored, as a comparable text per work order, and replaced as a whole for a work order whose list differs (the
 * stored order, by id, is the row's order). A work order whose lists are the same keeps its children untouched.
 */

type ServiceItem = ReturnType<typeof requestRow>['items'][number];

const money = (value: number | string) => Number(value).toFixed(2);
const itemText = (item: {
  problemDescription: string;
  determinedCause: string;
  actionTaken: string;
  declinedReason: string;
  serviceRequestCode: string;
  partsCost: number | string;
  laborHours: number | string;
  hourlyLaborRate: number | string;
  isTwoMan: boolean;
}) =>
  JSON.stringify([
    item.problemDescription,
    item.determinedCause,
    item.actionTaken,
    item.declinedReason,
    item.serviceRequestCode,
    money(item.partsCost),
    money(item.laborHours),
    money(item.hourlyLaborRate),
    item.isTwoMan,
  ]);
const partText = (part: {
  categoryNumber: string;
  commodityNumber: string;
  partNumber: string;
  partDescription: string;
  notes: string;
  billingCode: string;
  unitOfMeasure: string;
  quantity: number;
  receivedDate: string | null | undefined;
  isCorrect: boolean | null | undefined;
  incorrectPartMessage: string;
}) =>
  JSON.stringify([
    part.categoryNumber,
    part.commodityNumber,
    part.partNumber,
    part.partDescription,
    part.notes,
    part.billingCode,
    part.unitOfMeasure,
    Number(part.quantity),
    part.receivedDate ?? null,
    part.isCorrect ?? null,
    part.incorrectPartMessage,
  ]);
const attachmentText = (attachment: {
  contentDocumentId: string;
  attachmentType: number;
  description: string;
  amount: number | string;
  fileName: string;
  sha256: string;
}) =>
  JSON.stringify([
    attachment.contentDocumentId,
    Number(attachment.attachmentType),
    attachment.description,
    money(attachment.amount),
    attachment.fileName,
    attachment.sha256,
  ]);

/** The SQL text with a list (ids) as its one JSON parameter. */
const IDS = '(SELECT (jsonb_array_elements_text($json::jsonb))::integer)';
function withList(text: string, items: readonly (string | number)[]) {
  const [before, after] = text.split('$json') as [string, string];
  return sql`${sql.raw(before)}${JSON.stringify(items)}${sql.raw(after)}`;
}

/** Groups rows of `table` by request id, each group's comparable texts in stored order (by id). */
async function storedTexts<Row>(
  db: Database,
  select: string,
  requestIds: readonly number[],
  text: (row: Row) => string,
): Promise<Map<number, string[]>> {
  const byRequest = new Map<number, string[]>();
  if (requestIds.length === 0) return byRequest;
  for (const row of await queryRows<Row & { service_request_id: number }>(db, withList(select, requestIds))) {
    const id = Number(row.service_request_id);
    byRequest.set(id, [...(byRequest.get(id) ?? []), text(row)]);
  }
  return byRequest;
}

const sameTexts = (stored: readonly string[] | undefined, wanted: readonly string[]) =>
  (stored ?? []).length === wanted.length && wanted.every((text, index) => stored![index] === text);

interface WantedAttachment {
  attachment: AttachmentImport;
  sha256: string;
  contentType: string;
  size: number;
}

/** An attachment's file, checked again (it was checked when its row was read), or none: a record without its file. */
async function attachmentFile(readFile: ReadFile | undefined, attachment: AttachmentImport) {
  if (attachment.file === undefined) return { bytes: new Uint8Array(0), contentType: contentTypeOfName(attachment.fileName) };
  const read = await readCheckedFile(readFile, 'attachments', attachment.file, ATTACHMENT_FILE);
  if ('issue' in read) throw new Error(`attachment ${attachment.contentDocumentId}: ${read.issue.message}`);
  return read;
}

/** The type an attachment kept without its file is listed with, from its name (the list shows PDFs apart). */
const contentTypeOfName = (fileName: string) =>
  /\.pdf$/i.test(fileName)
    ? 'application/pdf'
    : /\.png$/i.test(fileName)
      ? 'image/png'
      : /\.gif$/i.test(fileName)
        ? 'image/gif'
        : 'image/jpeg';

/** Inserts attachments in groups of about FILE_BYTES_PER_WRITE bytes, reading each file again (never a batch's files at once). */
async function insertAttachments(
  db: Database,
  readFile: ReadFile | undefined,
  rows: readonly { requestId: number; attachment: AttachmentImport }[],
) {
  let group: object[] = [];
  let bytes = 0;
  const flush = async () => {
    if (group.length === 0) return;
    await db.execute(
      withJson(
        `INSERT INTO service_attachments (service_request_id, content_document_id, attachment_type, description, amount, file_name, content_type, size_bytes, sha256, data)
         SELECT service_request_id, content_document_id, attachment_type, description, amount, file_name, content_type, size_bytes, sha256, decode(data, 'base64')
         FROM jsonb_to_recordset($json::jsonb) AS input(service_request_id integer, content_document_id text, attachment_type smallint, description text,
           amount numeric, file_name text, content_type text, size_bytes integer, sha256 text, data text, ordinal integer)
         ORDER BY ordinal`,
        group,
      ),
    );
    group = [];
    bytes = 0;
  };
  for (const [ordinal, { requestId, attachment }] of rows.entries()) {
    const file = await attachmentFile(readFile, attachment);
    group.push({
      ordinal,
      service_request_id: requestId,
      content_document_id: attachment.contentDocumentId,
      attachment_type: attachment.attachmentType,
      description: attachment.description,
      amount: attachment.amount,
      file_name: attachment.fileName,
      content_type: file.contentType,
      size_bytes: file.bytes.byteLength,
      sha256: sha256Of(file.bytes),
      data: Buffer.from(file.bytes).toString('base64'),
    });
    bytes += file.bytes.byteLength;
    if (bytes >= FILE_BYTES_PER_WRITE) await flush();
  }
  await flush();
}

/**
 * Makes the service items, parts items and attachments of each work order of the batch the row's. Answers the work
 * order ids whose children changed; those the upsert did not write (`rewritten`: inserted or changed) are written
 * again (row version, and so their sync position), so devices that keep the work order list or the work order get them.
 */
async function syncChildren(
  db: Database,
  entries: readonly { row: WorkOrderImportRow; items: ServiceItem[] }[],
  inserted: ReadonlySet<string>,
  rewritten: ReadonlySet<string>,
  readFile: ReadFile | undefined,
): Promise<string[]> {
  const requests = await queryRows<{ id: number; vantage_work_order_id: number }>(
    db,
    withList(
      `SELECT id, vantage_work_order_id FROM service_requests WHERE vantage_work_order_id IN ${IDS}`,
      entries.map((entry) => entry.row.workOrderId),
    ),
  );
  const requestIdOf = new Map(requests.map((request) => [Number(request.vantage_work_order_id), Number(request.id)]));
  // A work order inserted just now has no children yet: only the others are read.
  const storedIds = entries
    .filter((entry) => !inserted.has(String(entry.row.workOrderId)))
    .map((entry) => requestIdOf.get(entry.row.workOrderId)!);
  const storedItems = await storedTexts(
    db,
    `SELECT service_request_id, problem_description AS "problemDescription", determined_cause AS "determinedCause", action_taken AS "actionTaken",
       declined_reason AS "declinedReason", service_request_code AS "serviceRequestCode", parts_cost::text AS "partsCost",
       labor_hours::text AS "laborHours", hourly_labor_rate::text AS "hourlyLaborRate", is_two_man AS "isTwoMan"
     FROM service_items WHERE service_request_id IN ${IDS} ORDER BY id`,
    storedIds,
    itemText,
  );
  const storedParts = await storedTexts(
    db,
    `SELECT service_request_id, category_number AS "categoryNumber", commodity_number AS "commodityNumber", part_number AS "partNumber",
       part_description AS "partDescription", notes, billing_code AS "billingCode", unit_of_measure AS "unitOfMeasure", quantity,
       received_date::text AS "receivedDate", is_correct AS "isCorrect", incorrect_part_message AS "incorrectPartMessage"
     FROM service_parts WHERE service_request_id IN ${IDS} ORDER BY id`,
    storedIds,
    partText,
  );
  const storedAttachments = await storedTexts(
    db,
    `SELECT service_request_id, content_document_id AS "contentDocumentId", attachment_type AS "attachmentType", description,
       amount::text AS amount, file_name AS "fileName", sha256
     FROM service_attachments WHERE service_request_id IN ${IDS} ORDER BY id`,
    storedIds,
    attachmentText,
  );

  const changed = new Set<string>();
  const itemsReplaced: number[] = [];
  const partsReplaced: number[] = [];
  const attachmentsReplaced: number[] = [];
  const newItems: object[] = [];
  const newParts: object[] = [];
  const newAttachments: { requestId: number; attachment: AttachmentImport }[] = [];
  for (const { row, items } of entries) {
    const requestId = requestIdOf.get(row.workOrderId)!;
    const key = String(row.workOrderId);
    if (!sameTexts(storedItems.get(requestId), items.map(itemText))) {
      itemsReplaced.push(requestId);
      changed.add(key);
      items.forEach((item, index) =>
        newItems.push({
          service_request_id: requestId,
          sequence: index + 1,
          problem_description: item.problemDescription,
          determined_cause: item.determinedCause,
          action_taken: item.actionTaken,
          declined_reason: item.declinedReason,
          service_request_code: item.serviceRequestCode,
          parts_cost: item.partsCost,
          labor_hours: item.laborHours,
          hourly_labor_rate: item.hourlyLaborRate,
          is_two_man: item.isTwoMan,
        }),
      );
    }
    if (!sameTexts(storedParts.get(requestId), row.partsItems.map(partText))) {
      partsReplaced.push(requestId);
      changed.add(key);
      for (const part of row.partsItems) newParts.push({ service_request_id: requestId, ...partColumns(part) });
    }
    if (row.attachments.length > 0 || storedAttachments.has(requestId)) {
      const wanted: WantedAttachment[] = [];
      for (const attachment of row.attachments) {
        const file = await attachmentFile(readFile, attachment);
        wanted.push({ attachment, sha256: sha256Of(file.bytes), contentType: file.contentType, size: file.bytes.byteLength });
      }
      const texts = wanted.map(({ attachment, sha256 }) => attachmentText({ ...attachment, sha256 }));
      if (!sameTexts(storedAttachments.get(requestId), texts)) {
        attachmentsReplaced.push(requestId);
        changed.add(key);
        for (const attachment of row.attachments) newAttachments.push({ requestId, attachment });
      }
    }
  }

  // A work order inserted just now has nothing to delete.
  const stored = new Set(storedIds);
  const deleteFrom = async (table: string, requestIds: readonly number[]) => {
    const ids = requestIds.filter((id) => stored.has(id));
    if (ids.length > 0) await db.execute(withList(`DELETE FROM ${table} WHERE service_request_id IN ${IDS}`, ids));
  };
  await deleteFrom('service_items', itemsReplaced);
  await deleteFrom('service_parts', partsReplaced);
  await deleteFrom('service_attachments', attachmentsReplaced);
  if (newItems.length > 0) {
    await db.execute(
      withJson(
        `INSERT INTO service_items (service_request_id, sequence, problem_description, determined_cause, action_taken, declined_reason,
           service_request_code, parts_cost, labor_hours, hourly_labor_rate, is_two_man)
         SELECT service_request_id, sequence, problem_description, determined_cause, action_taken, declined_reason,
           service_request_code, parts_cost, labor_hours, hourly_labor_rate, is_two_man
         FROM jsonb_to_recordset($json::jsonb) AS input(service_request_id integer, sequence integer, problem_description text,
           determined_cause text, action_taken text, declined_reason text, service_request_code text, parts_cost numeric,
           labor_hours numeric, hourly_labor_rate numeric, is_two_man boolean, ordinal integer)
         ORDER BY ordinal`,
        newItems.map((item, ordinal) => ({ ...item, ordinal })),
      ),
    );
  }
  if (newParts.length > 0) await insertParts(db, 'service_parts', 'service_request_id', newParts);
  await insertAttachments(db, readFile, newAttachments);

  const touched = [...changed].filter((key) => !rewritten.has(key)).map((key) => requestIdOf.get(Number(key))!);
  if (touched.length > 0)
    await db.execute(withList(`UPDATE service_requests SET row_version = row_version + 1 WHERE id IN ${IDS}`, touched));
  return [...changed];
}

/** A parts item's columns, of a work order (service_parts) or of a parts order (parts_order_items). */
export const partColumns = (part: PartsItemImport) => ({
  category_number: part.categoryNumber,
  commodity_number: part.commodityNumber,
  part_number: part.partNumber,
  part_description: part.partDescription,
  notes: part.notes,
  billing_code: part.billingCode,
  unit_of_measure: part.unitOfMeasure,
  quantity: part.quantity,
  received_date: part.receivedDate ?? null,
  is_correct: part.isCorrect ?? null,
  incorrect_part_message: part.incorrectPartMessage,
});
export { partText };

/** Inserts parts items (partColumns and the owner's id) in the order given: the stored order is what the next import compares with. */
export async function insertParts(db: Database, table: 'service_parts' | 'parts_order_items', owner: string, rows: readonly object[]) {
  await db.execute(
    withJson(
      `INSERT INTO ${table} (${owner}, category_number, commodity_number, part_number, part_description, notes, billing_code, unit_of_measure,
         quantity, received_date, is_correct, incorrect_part_message)
       SELECT ${owner}, category_number, commodity_number, part_number, part_description, notes, billing_code, unit_of_measure,
         quantity, received_date, is_correct, incorrect_part_message
       FROM jsonb_to_recordset($json::jsonb) AS input(${owner} integer, category_number text, commodity_number text, part_number text,
         part_description text, notes text, billing_code text, unit_of_measure text, quantity integer, received_date date,
         is_correct boolean, incorrect_part_message text, ordinal integer)
       ORDER BY ordinal`,
      rows.map((row, ordinal) => ({ ...row, ordinal })),
    ),
  );
}

/** Issues of parts items that name a unit of measure HomeSite does not have. */
export const unitIssues = (parts: readonly PartsItemImport[], units: ReadonlySet<string>, field: string): RowIssue[] =>
  parts.flatMap((part, index) =>
    units.has(part.unitOfMeasure)
      ? []
      : [{ field: `${field}[${index}].unitOfMeasure`, message: doesNotExist('unit of measure', part.unitOfMeasure) }],
  );

export const loadUnits = async (db: Database) =>
  new Set((await db.select({ abbreviation: t.unitsOfMeasure.abbreviation }).from(t.unitsOfMeasure)).map((unit) => unit.abbreviation));

/**
 * Work orders by the source's work order id, with their service items, parts items and attachments (the row's lists
 * replace the stored ones). A new or changed work order moves its sync position (migration 0007's trigger), so the
 * devices that keep the list of its retailer and plant get it; one moved to another retailer reaches the first
 * retailer's devices as removed.
 */
export const workOrdersKind = defineKind<WorkOrderImportRow, WorkOrderReferences>({
  description: 'Work orders (service history) by work order id, with service items, parts items and attachments.',
  columns: WORK_ORDER_IMPORT_COLUMNS,
  schema: WorkOrderImportRow,
  keyField: 'workOrderId',
  keyOf: (row) => String(row.workOrderId),
  loadReferences: async (db, { numberStarts }) => {
    const homes = await db
      .select({
        id: t.homes.id,
        serialNumber: t.homes.serialNumber,
        plantNumber: t.homes.plantNumber,
        retailerNumber: t.homes.retailerNumber,
      })
      .from(t.homes);
    const rates = await db.select().from(t.plantServiceRates);
    const made = await queryRows<{ id: number }>(
      db,
      sql`SELECT vantage_work_order_id AS id FROM service_requests AS request
          WHERE vantage_work_order_id < ${numberStarts.workOrder}
            AND NOT EXISTS (SELECT 1 FROM import_fingerprints AS print WHERE print.kind = ${WORK_ORDERS_KIND} AND print.natural_key = request.vantage_work_order_id::text)`,
    );
    const owners = await queryRows<{ content_document_id: string; id: number | null }>(
      db,
      sql`SELECT attachment.content_document_id, request.vantage_work_order_id AS id
          FROM service_attachments AS attachment JOIN service_requests AS request ON request.id = attachment.service_request_id`,
    );
    return {
      homes: new Map(homes.map((home) => [home.serialNumber.toUpperCase(), home])),
      retailers: new Set(
        (await db.select({ retailerNumber: t.retailers.retailerNumber }).from(t.retailers)).map((retailer) => retailer.retailerNumber),
      ),
      rates: new Map(rates.map((rate) => [rate.plantNumber, rate])),
      units: await loadUnits(db),
      madeInHomeSite: new Set(made.map((request) => Number(request.id))),
      attachmentOwners: new Map(owners.map((owner) => [owner.content_document_id, owner.id === null ? null : Number(owner.id)])),
    };
  },
  check: async (row, { refs, readFile, numberStarts }) => {
    const issues = workOrderNumberIssues(row, numberStarts);
    if (refs.madeInHomeSite.has(row.workOrderId))
      issues.push({ field: 'workOrderId', message: `Work order ${row.workOrderId} was made in HomeSite: an import cannot take it over.` });
    if (!refs.homes.has(row.serialNumber)) issues.push({ field: 'serialNumber', message: doesNotExist('home', row.serialNumber) });
    if (row.retailerNumber !== undefined && !refs.retailers.has(row.retailerNumber))
      issues.push({ field: 'retailerNumber', message: doesNotExist('retailer', row.retailerNumber) });
    issues.push(...unitIssues(row.partsItems, refs.units, 'partsItems'));
    for (const [index, attachment] of row.attachments.entries()) {
      // Later rows of the file see the attachments of earlier ones (set below once this row is accepted).
      const owner = refs.attachmentOwners.get(attachment.contentDocumentId);
      if (owner !== undefined && owner !== row.workOrderId)
        issues.push({
          field: `attachments[${index}].contentDocumentId`,
          message: `${attachment.contentDocumentId} is an attachment of ${owner === null ? 'a staged request' : `work order ${owner}`}.`,
        });
      if (attachment.file !== undefined) {
        const read = await readCheckedFile(readFile, `attachments[${index}].file`, attachment.file, ATTACHMENT_FILE);
        if ('issue' in read) issues.push(read.issue);
      }
    }
    if (issues.length === 0)
      for (const attachment of row.attachments) refs.attachmentOwners.set(attachment.contentDocumentId, row.workOrderId);
    return issues;
  },
  write: async (db, rows, { refs, readFile }) => {
    const entries = rows.map((row) => ({ row, ...requestRow(row, refs) }));
    const written = await upsertRows(
      db,
      {
        table: 'service_requests',
        input: REQUEST_COLUMNS,
        // Submitted on the day it was requested, as far as HomeSite can tell (the NPS dashboard counts submitted ones).
        insert: [...names(REQUEST_COLUMNS), ['submitted_at', `(input.request_date)::timestamp AT TIME ZONE 'UTC'`]],
        conflict: '("vantage_work_order_id")',
        update: names(REQUEST_COLUMNS).filter((name) => name !== 'vantage_work_order_id'),
        onChange: ['"row_version" = target."row_version" + 1'],
        key: 'target.vantage_work_order_id',
      },
      entries.map((entry) => entry.request),
    );
    const inserted = new Set(written.filter((request) => request.inserted).map((request) => request.key));
    const rewritten = new Set(written.map((request) => request.key));
    return countWrites(written, await syncChildren(db, entries, inserted, rewritten, readFile));
  },
});
