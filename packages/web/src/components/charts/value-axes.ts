import type { EChartsCoreOption } from './echarts-core.ts';

type Axis = { type?: string; axisLabel?: { formatter?: unknown } & Record<string, unknown> } & Record<string, unknown>;

/**
 * The option with every value axis labelled by `number` (the interface language's format), unless
 * the chart gave that axis a formatter of its own: ECharts writes axis numbers its own way, in
 * English ("3,000", "0.5") on an Italian or Greek screen. Labels that would overlap are left out
 * (on a phone, "12.000" and "15.000" ran into each other), unless the chart says otherwise.
 */
export function withLocalValueAxes(option: EChartsCoreOption, number: (value: number) => string): EChartsCoreOption {
  const localise = (axis: Axis, defaultType: string): Axis =>
    (axis.type ?? defaultType) !== 'value'
      ? axis : { ...axis, axisLabel: { hideOverlap: true, formatter: (value: number) => number(value), ...axis.axisLabel } };
  const each = (axes: unknown, defaultType: string) =>
    axes === undefined ? undefined : Array.isArray(axes) ? axes.map((a: Axis) => localise(a, defaultType)) : localise(axes as Axis, defaultType);
  // ECharts' defaults: an x axis is a category axis, a y axis a value axis.
  const x = each(option.xAxis, 'category');
  const y = each(option.yAxis, 'value');
  return { ...option, ...(x !== undefined && { xAxis: x }), ...(y !== undefined && { yAxis: y }) };
}
