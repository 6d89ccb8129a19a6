import { describe, expect, it } from 'vitest';
import { withLocalValueAxes } from './value-axes.ts';

const italian = (value: number) => new Intl.NumberFormat('it').format(value);
const label = (axis: unknown, value: number) => (axis as { axisLabel: { formatter: (v: number) => string } }).axisLabel.formatter(value);

describe('withLocalValueAxes', () => {
  it('formats the numbers of value axes in the interface language', () => {
    const option = withLocalValueAxes({ xAxis: { type: 'value', minInterval: 1 }, yAxis: { type: 'category', data: ['a'] } }, italian);
    expect(label(option.xAxis, 12000)).toBe('12.000');
    expect(label(option.xAxis, 0.5)).toBe('0,5');
    expect((option.xAxis as { minInterval: number }).minInterval).toBe(1);
    expect(option.yAxis).toEqual({ type: 'category', data: ['a'] });
  });

  it('takes a y axis without a type as a value axis and an x axis without one as categories, as ECharts does', () => {
    const option = withLocalValueAxes({ xAxis: { name: 'PC1' }, yAxis: [{ name: 'PC2', axisLabel: { color: 'red' } }] }, italian);
    expect(option.xAxis).toEqual({ name: 'PC1' });
    expect(label((option.yAxis as unknown[])[0], 1234.5)).toBe('1234,5');
    expect((option.yAxis as { axisLabel: { color: string } }[])[0].axisLabel.color).toBe('red');
  });

  it('leaves out value-axis labels that would overlap, unless the chart says otherwise', () => {
    expect(withLocalValueAxes({ xAxis: { type: 'value' } }, italian).xAxis).toMatchObject({ axisLabel: { hideOverlap: true } });
    expect(withLocalValueAxes({ xAxis: { type: 'value', axisLabel: { hideOverlap: false } } }, italian).xAxis).toMatchObject({ axisLabel: { hideOverlap: false } });
    expect(withLocalValueAxes({ xAxis: { type: 'category' } }, italian).xAxis).toEqual({ type: 'category' });
  });

  it('keeps an axis formatter the chart gave, and an option without axes', () => {
    const own = (v: number) => `${v} d`;
    expect(withLocalValueAxes({ yAxis: { type: 'value', axisLabel: { formatter: own } } }, italian).yAxis).toEqual({ type: 'value', axisLabel: { hideOverlap: true, formatter: own } });
    expect(withLocalValueAxes({ series: [{ type: 'pie' }] }, italian)).toEqual({ series: [{ type: 'pie' }] });
  });
});
