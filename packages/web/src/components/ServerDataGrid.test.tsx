import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { testI18n } from '../test/render.tsx';
import { ServerDataGrid } from './ServerDataGrid.tsx';

interface Row { id: string; name: string }

async function renderGrid(loading: boolean, rows: Row[] = [{ id: '1', name: 'Ada' }], emptyMessage?: string) {
  const i18n = await testI18n('en');
  await i18n.loadNamespaces('shell');
  return render(
    <I18nextProvider i18n={i18n}>
      <ServerDataGrid<Row>
        label="People" language="en" rows={rows} total={rows.length} columns={[{ field: 'name', headerName: 'Name' }]}
        loading={loading} pagination={{ page: 0, pageSize: 10 }} onPaginationChange={vi.fn()} sortModel={[]} onSortChange={vi.fn()}
        pageSizeOptions={[10]} emptyMessage={emptyMessage}
      />
    </I18nextProvider>,
  );
}

describe('ServerDataGrid', () => {
  it('says it is busy while a page loads, and hides its progress bar from assistive technology (no nameless child of the grid)', async () => {
    const { container } = await renderGrid(true);
    expect(container.firstElementChild!.getAttribute('aria-busy')).toBe('true');
    const progress = container.querySelector('[role="progressbar"]');
    expect(progress).not.toBeNull();
    expect(progress!.closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it('is not busy once the page is there', async () => {
    const { container } = await renderGrid(false);
    expect(container.firstElementChild!.getAttribute('aria-busy')).toBe('false');
    expect(container.querySelector('[role="progressbar"]')).toBeNull();
  });

  it('shows its empty message when there are no rows, and not while there are', async () => {
    const empty = await renderGrid(false, [], 'No people yet');
    expect(empty.getByText('No people yet')).toBeTruthy();
    empty.unmount();
    const full = await renderGrid(false, undefined, 'No people yet');
    expect(full.queryByText('No people yet')).toBeNull();
  });
});
