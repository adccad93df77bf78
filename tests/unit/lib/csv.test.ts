import { describe, expect, it } from 'vitest';
import { toCsv } from '../../../src/lib/csv';

describe('toCsv', () => {
  it('writes a header and quotes cells with commas, quotes and line breaks, and defuses formulas', () => {
    const rows = [
      { name: 'Smith, Mary', note: 'said "hi"', total: 12.5 },
      { name: '=HYPERLINK("x")', note: 'two\nlines', total: -3 },
    ];
    const csv = toCsv(rows, [
      { header: 'Name', value: (row) => row.name },
      { header: 'Note', value: (row) => row.note },
      { header: 'Total', value: (row) => row.total },
    ]);
    expect(csv).toBe('Name,Note,Total\r\n"Smith, Mary","said ""hi""",12.5\r\n"\'=HYPERLINK(""x"")","two\nlines",-3\r\n');
  });
});
