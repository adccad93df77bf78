import * as v from 'valibot';
import { BILLING_CODES, ServicePartInput, WORK_ORDER_MESSAGES, type ServicePartsItem, type UnitOfMeasure } from '../contract';

/*
 * The parts item form (spec 3 §3 Parts item, §5) of a work order and of a parts order, one shape (contract
 * PartsOrderItemInput is ServicePartInput): its values as typed, labels, the values of an item, and the check
 * against the contract's schema (the server's).
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

/** A new item: quantity 1 (spec 3 §3), with the billing code the record starts it with. */
export const newPartsItemValues = (billingCode: string): PartsItemValues => ({
  categoryNumber: '',
  commodityNumber: '',
  partNumber: '',
  partDescription: '',
  notes: '',
  billingCode,
  unitOfMeasure: '',
  quantity: '1',
});

/** An item's values in the form; a quantity that is not a number shows as 1. */
export const partsItemValuesOf = (item: Omit<ServicePartsItem, 'partsOrderItemId'>): PartsItemValues => ({
  categoryNumber: item.categoryNumber,
  commodityNumber: item.commodityNumber,
  partNumber: item.partNumber,
  partDescription: item.partDescription,
  notes: item.notes,
  billingCode: item.billingCode,
  unitOfMeasure: item.unitOfMeasure.trim(),
  quantity: Number.isFinite(item.quantity) ? String(item.quantity) : '1',
});

export const billingCodeOptions = () => [
  { value: '', label: 'Select a billing code' },
  ...BILLING_CODES.map((code) => ({ value: code, label: code })),
];

export type PartsItemCheck = { ok: true; body: ServicePartInput } | { ok: false; fields: Partial<Record<PartsItemField, string>> };

/**
 * The form against ServicePartInput, with `quantity` as the feature reads its text. `units`: the known units of
 * measure (a code outside them is refused, except `allowedUnit`: the one the item or its catalog part already has);
 * undefined when the list is not available.
 */
export function checkPartsItemValues(
  values: PartsItemValues,
  quantity: number,
  units: readonly UnitOfMeasure[] | undefined,
  allowedUnit = '',
): PartsItemCheck {
  const fields: Partial<Record<PartsItemField, string>> = {};
  const unit = values.unitOfMeasure.trim();
  if (unit && units && units.length > 0 && unit !== allowedUnit && !units.some((known) => known.abbreviation === unit)) {
    fields.unitOfMeasure = WORK_ORDER_MESSAGES.unitOfMeasureUnknown;
  }
  const parsed = v.safeParse(ServicePartInput, { ...values, unitOfMeasure: unit, quantity });
  if (!parsed.success) {
    for (const issue of parsed.issues) {
      const key = issue.path?.[0]?.key;
      if (typeof key === 'string' && key in PARTS_ITEM_LABELS) fields[key as PartsItemField] ??= issue.message;
    }
  }
  if (!parsed.success || Object.keys(fields).length > 0) return { ok: false, fields };
  return { ok: true, body: parsed.output };
}
