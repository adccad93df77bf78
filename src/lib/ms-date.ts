/** Writes a date in the `/Date(ms)/` wire format of the terms document (spec 1 §3); `parseMsDate` in dates.ts reads it. */
export const formatMsDate = (date: Date) => `/Date(${date.getTime()})/`;
