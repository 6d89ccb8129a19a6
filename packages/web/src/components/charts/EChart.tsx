import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import { echarts, type EChartsCoreOption } from './echarts-core.ts';
import { drawWhenNear } from './draw-queue.ts';
import { svgDataUrlToPng } from './to-png.ts';
import { withLocalValueAxes } from './value-axes.ts';
import { useFormat } from '../../i18n/use-format.ts';

/** What a chart card can ask of the chart it frames. */
export interface EChartHandle {
  png(): Promise<Blob>;
}

export interface EChartProps {
  option: EChartsCoreOption;
  /** Accessible name of the drawing; the card's table view carries the numbers. */
  label: string;
  height?: number;
  /** A click on a data item (e.g. a day, to drill down into its intraday series). */
  onItemClick?: (item: { seriesIndex: number; dataIndex: number; name: string; value: unknown }) => void;
  /** Patterns on areas (bars, pie slices) besides colours: for charts whose series are told apart by colour. */
  decal?: boolean;
  ref?: Ref<EChartHandle>;
}

/**
 * One ECharts instance drawn in SVG, sized to its container (it follows the card's width), without
 * animation so that a refresh every minute does not flicker.
 */
export function EChart({ option, label, height = 360, onItemClick, decal = false, ref }: EChartProps) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const onClick = useRef(onItemClick);
  onClick.current = onItemClick;
  const format = useFormat();
  const latest = useRef({ option, decal, number: format.number });
  latest.current = { option, decal, number: format.number };

  // ECharts' own aria label would replace ours (the table view carries the numbers).
  const apply = (instance: echarts.ECharts) => {
    const { option: o, decal: d, number } = latest.current;
    instance.setOption({ animation: false, aria: { enabled: d, label: { enabled: false }, decal: { show: d } }, ...withLocalValueAxes(o, (v) => number(v)) }, { notMerge: true });
  };

  const draw = () => {
    if (chart.current || !element.current) return chart.current;
    const instance = echarts.init(element.current, 'geria', { renderer: 'svg' });
    chart.current = instance;
    instance.on('click', (params) => {
      const p = params as unknown as { seriesIndex: number; dataIndex: number; name: string; value: unknown };
      onClick.current?.({ seriesIndex: p.seriesIndex, dataIndex: p.dataIndex, name: p.name, value: p.value });
    });
    apply(instance);
    return instance;
  };

  useEffect(() => {
    const chartElement = element.current!;
    const cancel = drawWhenNear(chartElement, draw);
    const observer = new ResizeObserver(() => chart.current?.resize());
    observer.observe(chartElement);
    // Drawn once; later options reach the drawn chart through apply().
    return () => { cancel(); observer.disconnect(); chart.current?.dispose(); chart.current = null; };
  }, []);

  useEffect(() => {
    if (chart.current) apply(chart.current);
  }, [option, decal, format.language]);

  useImperativeHandle(ref, () => ({
    png: () => {
      // A download asked before the chart came into view draws it first.
      const instance = draw();
      if (!instance) return Promise.reject(new Error('The chart is not drawn'));
      return svgDataUrlToPng(instance.getDataURL({ type: 'svg' }), instance.getWidth(), instance.getHeight());
    },
  }), []);

  return <div ref={element} role="img" aria-label={label} style={{ width: '100%', height }} />;
}
