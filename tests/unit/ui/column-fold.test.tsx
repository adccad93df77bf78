import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { foldCount, foldSequence, splitColumns } from '../../../src/ui/data-list/column-fold';
import { DataList, type DataListColumn } from '../../../src/ui/data-list';

/*
 * Issue 21 §9: columns that do not fit the list's width fold under the row, in their declared order, one at a time
 * until the rest fit. The test DOM does no layout: the table's width is set here, and the width probes answer what a browser
 * would resolve (the least widths summed at 16 px a rem, 12 px a gap, 2 x 16 px of padding and 16 px of gutter).
 */

interface Home {
  id: number;
  serial: string;
  model: string;
  owner: string;
  facility: string;
}

const homes: Home[] = [
  { id: 1, serial: 'WAY029678TNAB', model: 'The Breeze', owner: 'Maria Brown', facility: 'Waycross' },
  { id: 2, serial: 'BON033538TNAB', model: 'The Estate', owner: 'Susan Allen', facility: 'Bonham' },
];

const columns: DataListColumn<Home>[] = [
  { columnName: 'serial', displayName: 'Serial Number', width: '10rem' },
  { columnName: 'model', displayName: 'Model', width: 'minmax(8rem, 1fr)', foldOrder: 2 },
  { columnName: 'owner', displayName: 'Owner', width: '10rem', foldOrder: 1 },
  { columnName: 'facility', displayName: 'Facility', width: '6rem' },
];

/** What the stylesheet makes of a probe's custom properties: its least width in px. */
function probeWidth(probe: HTMLElement): number {
  const rems = [...probe.style.getPropertyValue('--data-list-tracks-min').matchAll(/([\d.]+)rem/g)].reduce(
    (sum, match) => sum + Number(match[1]),
    0,
  );
  const count = Number(probe.style.getPropertyValue('--data-list-column-count'));
  return rems * 16 + (count - 1) * 12 + 2 * 16 + 16;
}

let tableWidth = 0;
const observers: ResizeObserverCallback[] = [];
/** The table's width, and (for the virtualizer to render rows at all) a 400 px viewport of 50 px rows. */
const layout = {
  clientWidth: (element: HTMLElement) => (element.classList.contains('data-list__table') ? tableWidth : 0),
  clientHeight: (element: HTMLElement) => (element.classList.contains('data-list__viewport') ? 400 : 0),
  offsetHeight: (element: HTMLElement) => (element.dataset.index !== undefined ? 50 : 0),
};
const ownDescriptors = Object.keys(layout).map((prop) => [prop, Object.getOwnPropertyDescriptor(HTMLElement.prototype, prop)] as const);
const ownRect = Element.prototype.getBoundingClientRect;

beforeAll(() => {
  for (const [prop, value] of Object.entries(layout)) {
    Object.defineProperty(HTMLElement.prototype, prop, {
      configurable: true,
      get(this: HTMLElement) {
        return value(this);
      },
    });
  }
  Element.prototype.getBoundingClientRect = function getBoundingClientRect(this: Element) {
    return this.classList.contains('data-list__width-probe') ? new DOMRect(0, 0, probeWidth(this as HTMLElement), 0) : ownRect.call(this);
  };
  globalThis.ResizeObserver = class {
    constructor(callback: ResizeObserverCallback) {
      observers.push(callback);
    }
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

afterAll(() => {
  for (const [prop, descriptor] of ownDescriptors) {
    if (descriptor) Object.defineProperty(HTMLElement.prototype, prop, descriptor);
    else delete (HTMLElement.prototype as unknown as Record<string, unknown>)[prop];
  }
  Element.prototype.getBoundingClientRect = ownRect;
  delete (globalThis as Partial<typeof globalThis>).ResizeObserver;
});

afterEach(() => {
  cleanup();
  observers.length = 0;
});

/** The table is resized to `width` px: the list hears it as it would from a ResizeObserver. */
function resizeTable(width: number) {
  tableWidth = width;
  act(() => {
    for (const callback of observers) callback([], {} as ResizeObserver);
  });
}

const table = () => screen.getByRole('table', { name: 'Homes' });
const headRow = () => within(table()).getAllByRole('row')[0]!;
const firstBodyRow = () => within(table()).getAllByRole('row')[1]!;
const gridHeaders = () => [...headRow().querySelectorAll(':scope > [role="columnheader"]')].map((header) => header.textContent);
const foldedHeaders = () => [...headRow().querySelectorAll('.data-list__fold > [role="columnheader"]')].map((header) => header.textContent);
const foldedCells = () =>
  [...firstBodyRow().querySelectorAll('.data-list__fold > [role="cell"]')].map(
    (cell) => `${cell.getAttribute('data-label')}: ${cell.textContent}`,
  );

describe('column folding (issue 21 §9)', () => {
  it('folds in the declared order, keeps both parts in column order, and folds the fewest that make the rest fit', () => {
    expect(foldSequence(columns).map((column) => column.columnName)).toEqual(['owner', 'model']);
    expect(splitColumns(columns, 0).folded).toEqual([]);
    const two = splitColumns(columns, 2);
    expect(two.shown.map((column) => column.columnName)).toEqual(['serial', 'facility']);
    expect(two.folded.map((column) => column.columnName)).toEqual(['model', 'owner']);

    expect(foldCount([900, 700, 500], 1000)).toBe(0);
    expect(foldCount([900, 700, 500], 900)).toBe(0);
    expect(foldCount([900, 700, 500], 899)).toBe(1);
    expect(foldCount([900, 700, 500], 600)).toBe(2);
    // Too narrow even with every foldable column folded: all fold, and what is left scrolls sideways.
    expect(foldCount([900, 700, 500], 300)).toBe(2);
    expect(foldCount([400], 300)).toBe(0);
  });

  it('in a list: a wide table shows every column; a narrower one folds columns under each row, headers too, and unfolds as it widens', () => {
    // All four columns: 34rem of tracks, 3 gaps, padding and gutter = 628 px.
    tableWidth = 700;
    render(<DataList label="Homes" columns={columns} rows={homes} rowKey={(home) => home.id} />);
    expect(gridHeaders()).toEqual(['Serial Number', 'Model', 'Owner', 'Facility']);
    expect(table().querySelector('.data-list__fold')).toBeNull();
    expect(table().querySelector('.data-list__width-probe')).toBeNull();

    // 600 px: Owner (first to fold) goes under the row; the grid's tracks and least width are the rest's.
    resizeTable(600);
    expect(gridHeaders()).toEqual(['Serial Number', 'Model', 'Facility']);
    expect(foldedHeaders()).toEqual(['Owner']);
    expect(foldedCells()).toEqual(['Owner: Maria Brown']);
    expect(firstBodyRow().style.gridTemplateColumns).toBe('10rem minmax(8rem, 1fr) 6rem');
    expect(table().style.getPropertyValue('--data-list-tracks-min')).toBe('calc(10rem + 8rem + 6rem)');

    // 450 px: Model folds too; the folded values keep the columns' order.
    resizeTable(450);
    expect(gridHeaders()).toEqual(['Serial Number', 'Facility']);
    expect(foldedCells()).toEqual(['Model: The Breeze', 'Owner: Maria Brown']);

    // A folded column still sorts from its header.
    const owner = within(headRow()).getByRole('button', { name: 'Owner' });
    fireEvent.click(owner);
    fireEvent.click(owner);
    expect(owner.closest('[role="columnheader"]')!.getAttribute('aria-sort')).toBe('descending');
    expect(foldedCells()).toEqual(['Model: The Estate', 'Owner: Susan Allen']);

    resizeTable(700);
    expect(gridHeaders()).toEqual(['Serial Number', 'Model', 'Owner', 'Facility']);
    expect(table().querySelector('.data-list__fold')).toBeNull();
  });

  it('folds nothing while the table has no width (not laid out) or the rows are cards', () => {
    tableWidth = 0;
    const { unmount } = render(<DataList label="Homes" columns={columns} rows={homes} rowKey={(home) => home.id} />);
    expect(table().querySelector('.data-list__fold')).toBeNull();
    unmount();

    tableWidth = 300;
    render(<DataList label="Homes" columns={columns} rows={homes} rowKey={(home) => home.id} cards />);
    expect(table().querySelector('.data-list__fold')).toBeNull();
    expect(gridHeaders()).toEqual(['Serial Number', 'Model', 'Owner', 'Facility']);
  });
});
