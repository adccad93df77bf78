import * as v from 'valibot';
import { BILLING_CODES, ServicePartInput, WORK_ORDER_MESSAGES, type UnitOfMeasure } from '../../../../contract';
import type { ServicePartsItemView } from '../../model';
import { issuesByField, numberToText, textToNumber } from './form-values';

/*
 * A parts item on a request (spec 3 §3 Parts item). categoryNumber and commodityNumber are the seam of the
 * approved parts catalog picker (issue 5): a chosen catalog part sets them with partNumber, and locks the
 * description and unit of measure the catalog supplies (spec 3 §5). Until then they keep what the item has.
 */
export interface PartsItemValues {
  categoryNumber: string;
  commodityNumber: string;
  partNumber: string;
  partDescription: string;
  notes: string;
  billingCode: string;
  unitOfMeasure: string;
  quantity: string;
}

export type PartsItemField = keyof PartsItemValues;

export const PARTS_ITEM_LABELS: Record<PartsItemField, string> = {
  categoryNumber: 'Category',
  commodityNumber: 'Commodity',
  partNumber: 'Part number',
  partDescription: 'Part description',
  notes: 'Notes',
  billingCode: 'Billing code',
  unitOfMeasure: 'Unit of measure',
  quantity: 'Quantity',
};
export const PARTS_ITEM_FIELDS = Object.keys(PARTS_ITEM_LABELS) as PartsItemField[];

export function partsItemValues(part?: ServicePartsItemView): PartsItemValues {
  if (!part) {
    return {
      categoryNumber: '',
      commodityNumber: '',
      partNumber: '',
      partDescription: '',
      notes: '',
      billingCode: '',
      unitOfMeasure: '',
      quantity: '1',
    };
  }
  return {
    categoryNumber: part.categoryNumber,
    commodityNumber: part.commodityNumber,
    partNumber: part.partNumber,
    partDescription: part.partDescription,
    notes: part.notes,
    billingCode: part.billingCode,
    unitOfMeasure: part.unitOfMeasure.trim(),
    quantity: numberToText(part.quantity) || '1',
  };
}

export const billingCodeOptions = () => [
  { value: '', label: 'Select a billing code' },
  ...BILLING_CODES.map((code) => ({ value: code, label: code })),
];

export type PartsItemCheck = { ok: true; body: ServicePartInput } | { ok: false; fields: Partial<Record<PartsItemField, string>> };

/**
 * The parts item form against the contract's schema (the server's). `units`: the known units of measure (a code
 * outside them is refused, except the one the item already had); undefined when the list is not available.
 */
export function checkPartsItem(values: PartsItemValues, units: readonly UnitOfMeasure[] | undefined, previousUnit = ''): PartsItemCheck {
  const fields: Partial<Record<PartsItemField, string>> = {};
  const quantity = textToNumber(values.quantity);
  const unit = values.unitOfMeasure.trim();
  if (unit && units && units.length > 0 && unit !== previousUnit && !units.some((known) => known.abbreviation === unit)) {
    fields.unitOfMeasure = WORK_ORDER_MESSAGES.unitOfMeasureUnknown;
  }
  const input = {
    categoryNumber: values.categoryNumber,
    commodityNumber: values.commodityNumber,
    partNumber: values.partNumber,
    partDescription: values.partDescription,
    notes: values.notes,
    billingCode: values.billingCode,
    unitOfMeasure: unit,
    quantity: quantity ?? Number.NaN,
  };
  const parsed = v.safeParse(ServicePartInput, input);
  if (!parsed.success) {
    for (const [name, message] of Object.entries(issuesByField(parsed.issues))) {
      if (name in PARTS_ITEM_LABELS) fields[name as PartsItemField] ??= message;
    }
  }
  if (!parsed.success || Object.keys(fields).length > 0) return { ok: false, fields };
  return { ok: true, body: parsed.output };
}
