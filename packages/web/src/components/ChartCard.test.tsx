import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { testI18n } from '../test/render.tsx';
import { ChartCard } from './ChartCard.tsx';

const table = { columns: [{ label: 'Band' }, { label: 'Participants', numeric: true }], rows: [['60-69', 1234], ['70-79', null]] };

async function renderCard(node: React.ReactNode, language: 'en' | 'el' = 'en') {
  const i18n = await testI18n(language);
  await i18n.loadNamespaces('shell');
  return render(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>);
}

beforeAll(() => {
  // jsdom has no layout: the chart only needs to be told when its box changes.
  vi.stubGlobal('ResizeObserver', class { observe() {} disconnect() {} });
});

describe('ChartCard', () => {
  it('says there is no data instead of drawing an empty chart', async () => {
    await renderCard(<ChartCard title="Age" empty table={table} />);
    expect(screen.getByText('No data available to display')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('keeps the 500 px of a chart when empty, unless asked to be as tall as its message, and says the message it is given', async () => {
    await renderCard(<><ChartCard title="Full" empty /><ChartCard title="Compact" empty compactWhenEmpty emptyMessage="No reports in this period" /><ChartCard title="Loading" loading compactWhenEmpty /></>);
    const minHeight = (name: string) => getComputedStyle(screen.getByRole('region', { name })).minHeight;
    expect(minHeight('Full')).toBe('500px');
    expect(minHeight('Compact')).toBe('auto');
    expect(minHeight('Loading')).toBe('500px');
    expect(screen.getByText('No reports in this period')).toBeTruthy();
  });

  it('shows the numbers as a table formatted for the language, and offers them as CSV', async () => {
    await renderCard(<ChartCard title="Ηλικία" table={table} />, 'el');
    const cells = screen.getAllByRole('cell').map((c) => c.textContent);
    expect(cells).toEqual(['60-69', '1.234', '70-79', '–']);
    expect(screen.getByRole('button', { name: 'Λήψη των δεδομένων: Ηλικία (CSV)' })).toBeTruthy();
  });

  it('switches a chart to its table and back with a pressed toggle', async () => {
    const option = { xAxis: { type: 'category', data: ['a'] }, yAxis: { type: 'value' }, series: [{ type: 'bar', data: [1] }] };
    await renderCard(<ChartCard title="Age" chart={{ option }} table={table} />);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('button', { name: 'Download Age as a PNG image' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'View Age as a table' }));
    expect(screen.getByRole('table', { name: 'Age' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'View Age as a chart' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByRole('button', { name: 'Download Age as a PNG image' })).toBeNull();
  });
});
