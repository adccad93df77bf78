import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SortState } from '../../../src/lib/list';
import { DataList, type DataListColumn } from '../../../src/ui/data-list';

/**
 * The test DOM does no layout: give the list's viewport a height of 400 px and each row 100 px, the way a browser would,
 * so that the virtualizer has something to compute with. 10 rows are then 1000 px, more than 1 viewport beyond the first.
 */
const VIEWPORT_HEIGHT = 400;
const ROW_HEIGHT = 100;
const layoutProps = ['clientHeight', 'offsetHeight', 'scrollHeight'] as const;
const ownDescriptors = new Map(layoutProps.map((prop) => [prop, Object.getOwnPropertyDescriptor(HTMLElement.prototype, prop)]));

beforeAll(() => {
  // The virtualizer scrolls its viewport with scrollTo (keyboard moves); the test DOM has none.
  HTMLElement.prototype.scrollTo = function scrollTo(this: HTMLElement, options?: ScrollToOptions | number) {
    const top = typeof options === 'object' ? (options.top ?? 0) : 0;
    Object.defineProperty(this, 'scrollTop', { configurable: true, value: top });
    this.dispatchEvent(new Event('scroll'));
  } as HTMLElement['scrollTo'];
  for (const prop of layoutProps) {
    Object.defineProperty(HTMLElement.prototype, prop, {
      configurable: true,
      get(this: HTMLElement) {
        if (prop === 'clientHeight' && this.classList.contains('data-list__viewport')) return VIEWPORT_HEIGHT;
        if (prop === 'offsetHeight' && this.dataset.index !== undefined) return ROW_HEIGHT;
        if (prop === 'scrollHeight' && this.classList.contains('data-list__viewport')) {
          return parseFloat(this.querySelector<HTMLElement>('.data-list__body')!.style.height);
        }
        return 0;
      },
    });
  }
});

afterAll(() => {
  for (const [prop, descriptor] of ownDescriptors) {
    if (descriptor) Object.defineProperty(HTMLElement.prototype, prop, descriptor);
    else delete (HTMLElement.prototype as unknown as Record<string, unknown>)[prop];
  }
  delete (HTMLElement.prototype as Partial<HTMLElement>).scrollTo;
});

afterEach(cleanup);

interface Person {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  active: boolean;
}

const people = (count: number): Person[] =>
  Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    firstName: `First${index + 1}`,
    lastName: `Last${String(index + 1).padStart(5, '0')}`,
    email: `person${index + 1}@example.test`,
    active: index % 2 === 0,
  }));

const columns: DataListColumn<Person>[] = [
  { columnName: 'firstName', displayName: 'First Name', filterable: true },
  { columnName: 'lastName', displayName: 'Last Name', filterable: true },
  { columnName: 'email', displayName: 'Email', filterable: true },
  { columnName: 'active', displayName: 'Is Active', sortable: false },
];

const table = () => screen.getByRole('table', { name: 'People' });
const bodyRows = () =>
  within(table())
    .getAllByRole('row')
    .filter((row) => row.dataset.index !== undefined);
const viewport = () => document.querySelector<HTMLElement>('.data-list__viewport')!;

async function scrollTo(top: number) {
  const element = viewport();
  Object.defineProperty(element, 'scrollTop', { configurable: true, value: top });
  await act(async () => {
    fireEvent.scroll(element);
  });
}

describe('DataList (spec 1 §2, §3 Sort column, §9)', () => {
  it('in memory: shows 10 rows, grows by 10 near the end, and keeps only a window of 10,000 rows in the DOM', async () => {
    const rows = people(10_000);
    render(<DataList estimateRowHeight={ROW_HEIGHT} label="People" columns={columns} rows={rows} rowKey={(row) => row.id} />);
    expect(bodyRows().length).toBeLessThanOrEqual(10);
    expect(screen.getByText('Showing 10 of 10000')).toBeTruthy();
    expect(table().getAttribute('aria-rowcount')).toBe('10001');

    // 1000 px of rows, 400 px seen: 600 px remain, more than one viewport, so nothing grows yet.
    await scrollTo(100);
    expect(screen.getByText('Showing 10 of 10000')).toBeTruthy();
    // 400 px remain: within one viewport of the end (distance 1), 10 more rows come.
    await scrollTo(200);
    expect(screen.getByText('Showing 20 of 10000')).toBeTruthy();
    await scrollTo(1_200);
    expect(screen.getByText('Showing 30 of 10000')).toBeTruthy();
    for (let shown = 30; shown < 300; shown += 10) await scrollTo(shown * ROW_HEIGHT - VIEWPORT_HEIGHT);
    expect(screen.getByText('Showing 300 of 10000')).toBeTruthy();

    const rendered = bodyRows();
    expect(rendered.length).toBeLessThanOrEqual(20);
    expect(screen.queryByText('First1')).toBeNull();
    expect(screen.getByText('First290')).toBeTruthy();
  });

  it('server-paged: 10,000 loaded rows render only a window, and the end asks for more', async () => {
    const rows = people(10_000);
    const onLoadMore = vi.fn();
    render(
      <DataList
        estimateRowHeight={ROW_HEIGHT}
        mode="server"
        label="People"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        hasMore
        onLoadMore={onLoadMore}
        total={12_000}
      />,
    );
    const firstWindow = bodyRows();
    expect(firstWindow.length).toBeLessThanOrEqual(20);
    expect(firstWindow[0]!.getAttribute('aria-rowindex')).toBe('2');
    expect(onLoadMore).not.toHaveBeenCalled();

    await scrollTo(500_000);
    const middle = bodyRows();
    expect(middle.length).toBeLessThanOrEqual(20);
    expect(screen.getByText('First5001')).toBeTruthy();
    expect(screen.queryByText('First1')).toBeNull();
    expect(onLoadMore).not.toHaveBeenCalled();

    await scrollTo(rows.length * ROW_HEIGHT - VIEWPORT_HEIGHT);
    await waitFor(() => expect(onLoadMore).toHaveBeenCalledTimes(1));
    expect(screen.getByText('First10000')).toBeTruthy();
    expect(screen.getByText('Showing 10000 of 12000')).toBeTruthy();
  });

  it('server-paged: no more requests while one is loading or when the server has no more', async () => {
    const onLoadMore = vi.fn();
    const { rerender } = render(
      <DataList
        estimateRowHeight={ROW_HEIGHT}
        mode="server"
        label="People"
        columns={columns}
        rows={people(5)}
        rowKey={(row) => row.id}
        hasMore
        onLoadMore={onLoadMore}
        loadingMore
      />,
    );
    expect(screen.getByText('Loading more...')).toBeTruthy();
    expect(onLoadMore).not.toHaveBeenCalled();
    rerender(
      <DataList
        estimateRowHeight={ROW_HEIGHT}
        mode="server"
        label="People"
        columns={columns}
        rows={people(5)}
        rowKey={(row) => row.id}
        hasMore={false}
        onLoadMore={onLoadMore}
      />,
    );
    await scrollTo(0);
    expect(onLoadMore).not.toHaveBeenCalled();
    rerender(
      <DataList
        estimateRowHeight={ROW_HEIGHT}
        mode="server"
        label="People"
        columns={columns}
        rows={people(5)}
        rowKey={(row) => row.id}
        hasMore
        onLoadMore={onLoadMore}
      />,
    );
    await waitFor(() => expect(onLoadMore).toHaveBeenCalledTimes(1));
  });

  it('searches the filterable columns 500 ms after the typing stops', async () => {
    vi.useFakeTimers();
    try {
      const onSearchChange = vi.fn();
      render(
        <DataList
          estimateRowHeight={ROW_HEIGHT}
          label="People"
          columns={columns}
          rows={people(30)}
          rowKey={(row) => row.id}
          onSearchChange={onSearchChange}
        />,
      );
      const box = screen.getByRole('searchbox', { name: 'Search People' });
      fireEvent.change(box, { target: { value: 'First2' } });
      act(() => vi.advanceTimersByTime(300));
      fireEvent.change(box, { target: { value: 'First25' } });
      act(() => vi.advanceTimersByTime(499));
      expect(onSearchChange).not.toHaveBeenCalled();
      expect(screen.getByText('Showing 10 of 30')).toBeTruthy();
      act(() => vi.advanceTimersByTime(1));
      expect(onSearchChange).toHaveBeenCalledTimes(1);
      expect(onSearchChange).toHaveBeenCalledWith('First25');
      expect(bodyRows().map((row) => row.textContent)).toEqual(['First25Last00025person25@example.testYes']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('sorts by a header: ascending, then descending, with aria-sort; a non-sortable column has no button', async () => {
    const rows: Person[] = [
      { id: 1, firstName: 'Bea', lastName: 'Cole', email: 'b@x.test', active: true },
      { id: 2, firstName: 'ann', lastName: 'Ames', email: 'a@x.test', active: false },
      { id: 3, firstName: '', lastName: 'Zeta', email: 'z@x.test', active: true },
      { id: 4, firstName: 'Cy', lastName: 'Bell', email: 'c@x.test', active: true },
    ];
    const sorts: SortState[] = [];
    render(
      <DataList
        estimateRowHeight={ROW_HEIGHT}
        label="People"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        onSortChange={(sort) => sorts.push(sort)}
      />,
    );
    const firstNames = () => bodyRows().map((row) => within(row).getAllByRole('cell')[0]!.textContent);
    expect(firstNames()).toEqual(['Bea', 'ann', '', 'Cy']);

    fireEvent.click(screen.getByRole('button', { name: 'First Name' }));
    expect(firstNames()).toEqual(['ann', 'Bea', 'Cy', '']);
    expect(screen.getByRole('columnheader', { name: 'First Name' }).getAttribute('aria-sort')).toBe('ascending');
    expect(screen.getByRole('columnheader', { name: 'Last Name' }).hasAttribute('aria-sort')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'First Name' }));
    expect(firstNames()).toEqual(['Cy', 'Bea', 'ann', '']);
    expect(screen.getByRole('columnheader', { name: 'First Name' }).getAttribute('aria-sort')).toBe('descending');
    expect(sorts).toEqual([
      { columnName: 'firstName', direction: 'asc' },
      { columnName: 'firstName', direction: 'desc' },
    ]);
    expect(within(screen.getByRole('columnheader', { name: 'Is Active' })).queryByRole('button')).toBeNull();
  });

  it('a controlled sort is the caller’s: the list shows what it is given', () => {
    function Controlled() {
      const [sort, setSort] = useState<SortState>({ columnName: 'lastName', direction: 'desc' });
      return (
        <DataList
          estimateRowHeight={ROW_HEIGHT}
          label="People"
          columns={columns}
          rows={people(3)}
          rowKey={(row) => row.id}
          sort={sort}
          onSortChange={setSort}
        />
      );
    }
    render(<Controlled />);
    expect(bodyRows().map((row) => within(row).getAllByRole('cell')[1]!.textContent)).toEqual(['Last00003', 'Last00002', 'Last00001']);
    fireEvent.click(screen.getByRole('button', { name: 'Email' }));
    expect(screen.getByRole('columnheader', { name: 'Email' }).getAttribute('aria-sort')).toBe('ascending');
  });

  it('a cell or header cut by its column carries its whole text as a tooltip, and loses it once it fits', () => {
    const rows = people(3);
    const list = () => <DataList estimateRowHeight={ROW_HEIGHT} label="People" columns={columns} rows={rows} rowKey={(row) => row.id} />;
    const { rerender } = render(list());
    const email = within(bodyRows()[0]!).getByText('person1@example.test');
    const header = within(table()).getByText('Last Name');
    expect(email.title).toBe('');
    expect(header.title).toBe('');

    // The test DOM does no layout: say the e-mail and the header are wider than their columns, as a browser would measure.
    const measure = (element: HTMLElement, scrollWidth: number) => {
      Object.defineProperty(element, 'clientWidth', { configurable: true, value: 80 });
      Object.defineProperty(element, 'scrollWidth', { configurable: true, value: scrollWidth });
    };
    measure(email, 150);
    measure(header, 90);
    rerender(list());
    expect(email.title).toBe('person1@example.test');
    expect(header.title).toBe('Last Name');
    expect(within(bodyRows()[0]!).getByText('First1').title).toBe('');

    measure(email, 80);
    rerender(list());
    expect(email.hasAttribute('title')).toBe(false);
    expect(header.title).toBe('Last Name');
  });

  it('sums the least widths of its tracks, so that a narrower table scrolls sideways', () => {
    const sized: DataListColumn<Person>[] = [
      { ...columns[0]!, width: '9rem' },
      { ...columns[1]!, width: 'minmax(6rem, 2fr)' },
      { ...columns[2]!, width: 'minmax(0, 1fr)' },
      columns[3]!,
    ];
    render(<DataList estimateRowHeight={ROW_HEIGHT} label="People" columns={sized} rows={people(1)} rowKey={(row) => row.id} />);
    expect(table().style.getPropertyValue('--data-list-tracks-min')).toBe('calc(9rem + 6rem + 0px + 0px)');
    expect(table().style.getPropertyValue('--data-list-column-count')).toBe('4');
  });

  it('shows a loading state, then an empty state', () => {
    const { rerender } = render(
      <DataList estimateRowHeight={ROW_HEIGHT} label="People" columns={columns} rows={[]} rowKey={(row) => row.id} loading />,
    );
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    expect(table().getAttribute('aria-busy')).toBe('true');
    rerender(
      <DataList
        estimateRowHeight={ROW_HEIGHT}
        label="People"
        columns={columns}
        rows={[]}
        rowKey={(row) => row.id}
        emptyMessage="No users found."
      />,
    );
    expect(screen.getByRole('status').textContent).toBe('No users found.');
  });

  it('rows are one tab stop: arrows, Home and End move, Enter and click open, a button inside a row does not', async () => {
    const opened: number[] = [];
    const withAction: DataListColumn<Person>[] = [
      ...columns,
      {
        columnName: 'edit',
        displayName: 'Actions',
        sortable: false,
        render: (row) => <button type="button">Edit {row.firstName}</button>,
      },
    ];
    render(
      <DataList
        estimateRowHeight={ROW_HEIGHT}
        label="People"
        columns={withAction}
        rows={people(12)}
        rowKey={(row) => row.id}
        onRowClick={(row) => opened.push(row.id)}
      />,
    );
    const rows = bodyRows();
    expect(rows.map((row) => row.tabIndex).filter((tabIndex) => tabIndex === 0)).toHaveLength(1);
    rows[0]!.focus();
    fireEvent.keyDown(rows[0]!, { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement).toBe(bodyRows()[1]));
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-rowindex')).toBe('11'));
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-rowindex')).toBe('2'));
    fireEvent.click(within(bodyRows()[2]!).getAllByRole('cell')[1]!);
    fireEvent.click(screen.getByRole('button', { name: 'Edit First4' }));
    expect(opened).toEqual([2, 3]);
  });
});
