import { render, screen, within } from '@testing-library/react';
import type { UseQueryResult } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { fakeMatchMedia } from '../test/match-media';
import { TestProviders } from '../test/render';
import { setupUser } from '../test/user';
import { DataTable, type DataColumn } from './data-table';

type Row = { id: string; name: string };
const rows: Row[] = [
  { id: 'a', name: 'Ada' },
  { id: 'b', name: 'Bo' },
];
const columns: DataColumn<Row>[] = [
  { header: 'Name', cell: (row) => row.name },
  { header: 'Open', end: true, cell: (row) => <button type="button">Edit {row.name}</button> },
];
const query = {
  data: rows,
  isError: false,
  isFetching: false,
  isPlaceholderData: false,
} as unknown as UseQueryResult<Row[]>;

function renderTable(extra: Partial<Parameters<typeof DataTable<Row>>[0]> = {}) {
  return render(
    <TestProviders>
      <MemoryRouter>
        <DataTable
          query={query}
          columns={columns}
          errorTitle="Could not load the rows"
          empty={<p>None</p>}
          label="Rows"
          {...extra}
        />
      </MemoryRouter>
    </TestProviders>,
  );
}

/** A phone-sized screen: every max-width media query matches. */
function onPhone() {
  vi.stubGlobal(
    'matchMedia',
    fakeMatchMedia((query) => query.includes('max-width')),
  );
}

describe('DataTable', () => {
  it('draws a long first list a few rows a task, then every row', async () => {
    const many = Array.from({ length: 8 }, (_, n) => ({ id: `r${n}`, name: `Row ${n + 1}` }));
    renderTable({
      query: { ...query, data: many } as unknown as UseQueryResult<Row[]>,
      rowsPerTask: 6,
    });
    const table = screen.getByRole('table', { name: 'Rows' });
    // The first task draws six rows (and the heading's row), the next one the last two.
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 6);
    expect(await within(table).findByRole('cell', { name: 'Row 8' })).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 8);
  });

  it('opens a row on a click, Enter or Space, but not from its own buttons', async () => {
    const onRowClick = vi.fn();
    const user = setupUser();
    renderTable({ onRowClick });
    const ada = screen.getByRole('cell', { name: 'Ada' }).closest('tr')!;
    await user.click(screen.getByRole('cell', { name: 'Ada' }));
    expect(onRowClick).toHaveBeenLastCalledWith(rows[0]);
    await user.click(within(ada).getByRole('button', { name: 'Edit Ada' }));
    expect(onRowClick).toHaveBeenCalledTimes(1);
    const bo = screen.getByRole('cell', { name: 'Bo' }).closest('tr')!;
    bo.focus();
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(onRowClick).toHaveBeenCalledTimes(3);
    expect(onRowClick).toHaveBeenLastCalledWith(rows[1]);
  });

  it('puts a line under a row, which opens it too, and tags rows with their data', async () => {
    const onRowClick = vi.fn();
    const user = setupUser();
    renderTable({
      onRowClick,
      below: (row) => (row.id === 'b' ? `Match in ${row.name}` : null),
      rowData: (row) => ({ 'data-row-id': row.id }),
    });
    const line = screen.getByRole('cell', { name: 'Match in Bo' });
    expect(line).toHaveAttribute('colspan', '2');
    expect(screen.getAllByRole('row')).toHaveLength(4); // the heading, Ada, Bo and Bo's line
    expect(screen.getByRole('cell', { name: 'Bo' }).closest('tr')).toHaveAttribute(
      'data-row-id',
      'b',
    );
    await user.click(line);
    expect(onRowClick).toHaveBeenLastCalledWith(rows[1]);
  });

  it('leaves rows inert without onRowClick', () => {
    renderTable();
    expect(screen.getByRole('cell', { name: 'Ada' }).closest('tr')).not.toHaveAttribute('tabindex');
  });

  it('gives a narrow column its fixed width, and leaves the others free', () => {
    renderTable({
      columns: [{ header: 'Read', hiddenHeader: true, w: 36, cell: () => '•' }, ...columns],
    });
    const [marker, name] = screen.getAllByRole('columnheader');
    expect(marker).toHaveTextContent('Read');
    expect(marker!.style.width).toContain('2.25rem'); // Mantine's rem for 36 px
    expect(name!.style.width).toBe('');
  });

  it("draws a list's own card on a phone", () => {
    onPhone();
    renderTable({ card: (row) => <article aria-label={`Card ${row.name}`}>{row.name}</article> });
    const list = screen.getByRole('list', { name: 'Rows' });
    expect(
      within(list)
        .getAllByRole('article')
        .map((card) => card.textContent),
    ).toEqual(['Ada', 'Bo']);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('tints the pointed-out row and brings it into view, on a table and on a phone', () => {
    const scrolled: string[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this.textContent ?? '');
    });
    const { unmount } = renderTable({ highlight: (row) => row.id === 'b' });
    const bo = screen.getByRole('cell', { name: 'Bo' }).closest('tr')!;
    const ada = screen.getByRole('cell', { name: 'Ada' }).closest('tr')!;
    expect(bo.style.background).toContain('--mantine-primary-color-light');
    expect(ada.style.background).toBe('');
    expect(scrolled).toEqual([expect.stringContaining('Bo')]);
    unmount();

    onPhone();
    scrolled.length = 0;
    renderTable({ highlight: (row) => row.id === 'b' });
    const cards = within(screen.getByRole('list', { name: 'Rows' })).getAllByRole('listitem');
    expect(cards[1]!.style.background).toContain('--mantine-primary-color-light');
    expect(cards[0]!.style.background).toBe('');
    expect(scrolled).toEqual([expect.stringContaining('Bo')]);
  });
});
