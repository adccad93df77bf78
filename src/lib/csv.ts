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

/** The rows as CSV text (CRLF line ends, a header line first). */
export function toCsv<Row>(rows: readonly Row[], columns: readonly CsvColumn<Row>[]): string {
  const lines = [columns.map((column) => cell(column.header)).join(',')];
  for (const row of rows) lines.push(columns.map((column) => cell(column.value(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
