import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { testI18n } from '../test/render.tsx';
import { ServerTable, type ServerSort, type ServerTableProps } from './ServerTable.tsx';

interface Row { id: string; name: string; code: string }
const columns = [
  { field: 'name', headerName: 'Name', cell: (r: Row) => r.name },
  { field: 'code', headerName: 'Code', description: 'The code given by the study', sortable: false, cell: (r: Row) => r.code },
];

async function renderTable(props: Partial<ServerTableProps<Row>> = {}) {
  const i18n = await testI18n('en');
  await i18n.loadNamespaces('shell');
  const all: ServerTableProps<Row> = {
    label: 'People', language: 'en', rows: [{ id: '1', name: 'Ada', code: 'A1' }, { id: '2', name: 'Bea', code: 'B2' }], total: 2, columns,
    loading: false, pagination: { page: 0, pageSize: 10 }, onPaginationChange: vi.fn(), sort: null, onSortChange: vi.fn(),
    pageSizeOptions: [10, 25], emptyMessage: 'Nobody here', ...props,
  };
  return { ...render(<I18nextProvider i18n={i18n}><ServerTable {...all} /></I18nextProvider>), props: all };
}

describe('ServerTable', () => {
  it('shows the page of rows under the sortable headers, with the count in the language', async () => {
    await renderTable({ total: 1234 });
    const table = screen.getByRole('table', { name: 'People' });
    expect(table.querySelectorAll('tbody tr')).toHaveLength(2);
    // Rows are plain elements styled by the table: each keeps the height a loading page reserves.
    expect(getComputedStyle(table.querySelector('tbody tr')!).height).toBe('53px');
    expect(screen.getAllByRole('cell').map((c) => c.textContent)).toEqual(['Ada', 'A1', 'Bea', 'B2']);
    expect(screen.getByRole('button', { name: 'Name' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Code' })).toBeNull();
    expect(screen.getByText('1–10 of 1,234')).toBeTruthy();
  });

  it('sorts ascending, then descending, then by the list order, as the server should', async () => {
    const sorts: (ServerSort | null)[] = [null, { field: 'name', sort: 'asc' }, { field: 'name', sort: 'desc' }];
    const expected = [{ field: 'name', sort: 'asc' }, { field: 'name', sort: 'desc' }, null];
    for (const [i, sort] of sorts.entries()) {
      const { props, unmount } = await renderTable({ sort });
      fireEvent.click(screen.getByRole('button', { name: 'Name' }));
      expect(props.onSortChange).toHaveBeenCalledWith(expected[i]);
      if (sort) expect(screen.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe(sort.sort === 'asc' ? 'ascending' : 'descending');
      unmount();
    }
  });

  it('asks the server for the next page', async () => {
    const { props } = await renderTable({ total: 30 });
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(props.onPaginationChange).toHaveBeenCalledWith({ page: 1, pageSize: 10 });
  });

  it('keeps a page of rows\' room while the first page loads, and says when there is nobody', async () => {
    const { unmount } = await renderTable({ rows: [], total: 0, loading: true });
    expect(screen.getByRole('progressbar')).toBeTruthy();
    expect(screen.queryByText('Nobody here')).toBeNull();
    const placeholder = screen.getByRole('table').querySelector('tbody tr')!;
    expect(getComputedStyle(placeholder).height).toBe('530px');
    unmount();
    await renderTable({ rows: [], total: 0 });
    expect(screen.getByText('Nobody here')).toBeTruthy();
  });
});
