import * as v from 'valibot';
import {
  BILLING_CODES,
  defaultBillingCode,
  itemFieldsFromCatalog,
  PartsOrderItemInput,
  WORK_ORDER_MESSAGES,
  type CatalogPart,
  type PartsOrder,
  type UnitOfMeasure,
} from '../../../../contract';
import type { PartsOrderItemView } from '../../model';

/*
 * The parts item form of a parts order (spec 3 §3 Parts item, §5): a part picked from the plant's approved
 * catalog fills category, commodity, part number, description and unit of measure, and locks the description
 * and unit the catalog supplies; clearing the pick resets the item. Checked against the contract's schema.
 */
export interface ItemValues {
  categoryNumber: string;
  commodityNumber: string;
  partNumber: string;
  partDescription: string;
  notes: string;
  billingCode: string;
  unitOfMeasure: string;
  quantity: string;
}

export type ItemField = keyof ItemValues;

export const ITEM_LABELS: Record<ItemField, string> = {
  categoryNumber: 'Category',
  commodityNumber: 'Commodity',
  partNumber: 'Part number',
  partDescription: 'Part description',
  notes: 'Notes',
  billingCode: 'Billing code',
  unitOfMeasure: 'Unit of measure',
  quantity: 'Quantity',
};
export const ITEM_FIELDS = Object.keys(ITEM_LABELS) as ItemField[];

/** A new item: quantity 1 (spec 3 §3) and the order's default billing code (a stock order's is Retailer Inventory, spec 3 §4). */
export const newItemValues = (order: Pick<PartsOrder, 'longSerialNumber'>): ItemValues => ({
  categoryNumber: '',
  commodityNumber: '',
  partNumber: '',
  partDescription: '',
  notes: '',
  billingCode: defaultBillingCode(order),
  unitOfMeasure: '',
  quantity: '1',
});

export const itemValues = (item: PartsOrderItemView): ItemValues => ({
  categoryNumber: item.categoryNumber,
  commodityNumber: item.commodityNumber,
  partNumber: item.partNumber,
  partDescription: item.partDescription,
  notes: item.notes,
  billingCode: item.billingCode,
  unitOfMeasure: item.unitOfMeasure.trim(),
  quantity: Number.isFinite(item.quantity) ? String(item.quantity) : '1',
});

/** The fields a picked catalog part sets, and which of them it locks. */
export const catalogValues = (part: CatalogPart) => itemFieldsFromCatalog(part);

/** The catalog part an existing item was picked from (same category, commodity and part number), if the catalog has it. */
export function findCatalogPart(
  parts: readonly CatalogPart[],
  item: Pick<ItemValues, 'categoryNumber' | 'commodityNumber' | 'partNumber'>,
): CatalogPart | undefined {
  const partNumber = item.partNumber.trim();
  if (!partNumber) return undefined;
  return parts.find(
    (part) =>
      part.partNumber.trim() === partNumber &&
      part.categoryNumber.trim() === item.categoryNumber.trim() &&
      part.commodityNumber.trim() === item.commodityNumber.trim(),
  );
}

export const billingCodeOptions = () => [
  { value: '', label: 'Select a billing code' },
  ...BILLING_CODES.map((code) => ({ value: code, label: code })),
];

/** '' is none; '$1,250' is 1250; anything else that is not a number is NaN. */
function textToNumber(text: string): number | undefined {
  const cleaned = text.replace(/[,\s]/g, '');
  if (cleaned === '') return undefined;
  return /^[-+]?(\d+\.?\d*|\.\d+)$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}

export type ItemCheck = { ok: true; body: PartsOrderItemInput } | { ok: false; fields: Partial<Record<ItemField, string>> };

/**
 * The form against PartsOrderItemInput. `units`: the known units of measure (a code outside them is refused,
 * except `allowedUnit`: the one the item or its catalog part already has); undefined when the list is not available.
 */
export function checkItem(values: ItemValues, units: readonly UnitOfMeasure[] | undefined, allowedUnit = ''): ItemCheck {
  const fields: Partial<Record<ItemField, string>> = {};
  const unit = values.unitOfMeasure.trim();
  if (unit && units && units.length > 0 && unit !== allowedUnit && !units.some((known) => known.abbreviation === unit)) {
    fields.unitOfMeasure = WORK_ORDER_MESSAGES.unitOfMeasureUnknown;
  }
  const parsed = v.safeParse(PartsOrderItemInput, {
    categoryNumber: values.categoryNumber,
    commodityNumber: values.commodityNumber,
    partNumber: values.partNumber,
    partDescription: values.partDescription,
    notes: values.notes,
    billingCode: values.billingCode,
    unitOfMeasure: unit,
    quantity: textToNumber(values.quantity) ?? Number.NaN,
  });
  if (!parsed.success) {
    for (const issue of parsed.issues) {
      const key = issue.path?.[0]?.key;
      if (typeof key === 'string' && key in ITEM_LABELS) fields[key as ItemField] ??= issue.message;
    }
  }
  if (!parsed.success || Object.keys(fields).length > 0) return { ok: false, fields };
  return { ok: true, body: parsed.output };
}
