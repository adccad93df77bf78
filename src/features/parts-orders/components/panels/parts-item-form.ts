import { defaultBillingCode, itemFieldsFromCatalog, type CatalogPart, type PartsOrder, type UnitOfMeasure } from '../../../../contract';
import * as form from '../../../../entities/parts-item-form';
import type { PartsOrderItemView } from '../../model';

/*
 * The parts item form of a parts order (spec 3 §3 Parts item, §5): a part picked from the plant's approved
 * catalog fills category, commodity, part number, description and unit of measure, and locks the description
 * and unit the catalog supplies; clearing the pick resets the item. Checked against the contract's schema.
 */
export type ItemValues = form.PartsItemValues;
export type ItemField = form.PartsItemField;
export const ITEM_LABELS = form.PARTS_ITEM_LABELS;
export const ITEM_FIELDS = form.PARTS_ITEM_FIELDS;
export const billingCodeOptions = form.billingCodeOptions;

/** A new item: the order's default billing code (a stock order's is Retailer Inventory, spec 3 §4). */
export const newItemValues = (order: Pick<PartsOrder, 'longSerialNumber'>): ItemValues =>
  form.newPartsItemValues(defaultBillingCode(order));

export const itemValues = (item: PartsOrderItemView): ItemValues => form.partsItemValuesOf(item);

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

/** '' is none; '1,250' is 1250; anything else that is not a number is NaN. */
function textToNumber(text: string): number | undefined {
  const cleaned = text.replace(/[,\s]/g, '');
  if (cleaned === '') return undefined;
  return /^[-+]?(\d+\.?\d*|\.\d+)$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}

export type ItemCheck = form.PartsItemCheck;

/** The form against PartsOrderItemInput (entities/parts-item-form.ts checkPartsItemValues). */
export const checkItem = (values: ItemValues, units: readonly UnitOfMeasure[] | undefined, allowedUnit = ''): ItemCheck =>
  form.checkPartsItemValues(values, textToNumber(values.quantity) ?? Number.NaN, units, allowedUnit);
