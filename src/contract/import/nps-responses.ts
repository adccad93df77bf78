import * as v from 'valibot';
import { dateCell, digitsCell, importColumns, integerCell, optional, required, textCell } from './cells';
import { homeSerialCell } from './orders';

/*
 * Import kind `nps-responses`: completed six-month NPS calls (spec 2 §3 NPS detail), by the home's serial number and
 * the day the call was completed. The NPS dashboard counts them by retail center and day.
 */
const npsResponseColumns = {
  serialNumber: required(homeSerialCell(40)),
  sixMonthCompleteDate: required(dateCell),
  /** The retail center that sold the home, whose dashboard counts the call. */
  retailerNumber: required(digitsCell(10)),
  plantNumber: required(digitsCell(6)),
  /** The homeowner's 0–10 answer to "would you recommend": 9–10 promoter, 7–8 passive, 0–6 detractor. */
  recommend: required(integerCell(0, 10)),
  customerFirstName: optional(textCell(40), ''),
  customerLastName: optional(textCell(40), ''),
  comments: optional(textCell(2000, { multiline: true }), ''),
};

export const NpsResponseImportRow = v.object(npsResponseColumns);
export type NpsResponseImportRow = v.InferOutput<typeof NpsResponseImportRow>;
export const NPS_RESPONSE_IMPORT_COLUMNS = importColumns(npsResponseColumns);
