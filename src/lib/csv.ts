/** One column of a CSV export: its header and the cell text of a row. */
export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => string | number;
}

/** A cell as RFC 4180 writes it: quoted when it holds a comma, quote or line break; a leading =+-@ is defused for spreadsheets. */
function cell(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@]/.test(text) && typeof value === 'string') text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The header line of a CSV export, with its CRLF. */
export const csvHeader = <Row>(columns: readonly CsvColumn<Row>[]) => `${columns.map((column) => cell(column.header)).join(',')}\r\n`;

/** One row's line, with its CRLF (for an export written as it is read). */
export const csvLine = <Row>(row: Row, columns: readonly CsvColumn<Row>[]) =>
  `${columns.map((column) => cell(column.value(row))).join(',')}\r\n`;

/** The rows as CSV text (CRLF line ends, a header line first). */
export function toCsv<Row>(rows: readonly Row[], columns: readonly CsvColumn<Row>[]): string {
  return csvHeader(columns) + rows.map((row) => csvLine(row, columns)).join('');
}
