import type { UnitOfMeasure } from '../../../../contract';
import * as form from '../../../../entities/parts-item-form';
import type { ServicePartsItemView } from '../../model';
import { textToNumber } from './form-values';

/*
 * A parts item on a request (spec 3 §3 Parts item). categoryNumber and commodityNumber are the seam of the
 * approved parts catalog picker (issue 5): a chosen catalog part sets them with partNumber, and locks the
 * description and unit of measure the catalog supplies (spec 3 §5). Until then they keep what the item has.
 */
export type PartsItemValues = form.PartsItemValues;
export type PartsItemField = form.PartsItemField;
export type PartsItemCheck = form.PartsItemCheck;
export const { PARTS_ITEM_FIELDS, PARTS_ITEM_LABELS, billingCodeOptions } = form;

/** The values of a request's parts item, or of a new one (no billing code chosen yet). */
export const partsItemValues = (part?: ServicePartsItemView): PartsItemValues =>
  part ? form.partsItemValuesOf(part) : form.newPartsItemValues('');

/** The parts item form against ServicePartInput (entities/parts-item-form.ts checkPartsItemValues). */
export const checkPartsItem = (values: PartsItemValues, units: readonly UnitOfMeasure[] | undefined, previousUnit = ''): PartsItemCheck =>
  form.checkPartsItemValues(values, textToNumber(values.quantity) ?? Number.NaN, units, previousUnit);
