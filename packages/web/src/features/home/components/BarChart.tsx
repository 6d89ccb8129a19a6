import { BarChart as EBar } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

echarts.use([EBar, GridComponent, TooltipComponent, SVGRenderer]);

/** Horizontal bars, one colour readable in print and by colour-blind readers; labels carry the numbers. */
export function BarChart({ data, label, language }: { data: { label: string; value: number }[]; label: string; language: string }) {
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!element.current) return;
    const chart = echarts.init(element.current, undefined, { renderer: 'svg' });
    chart.setOption({
      animation: false,
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      grid: { left: 8, right: 48, top: 8, bottom: 8, containLabel: true },
      xAxis: { type: 'value', minInterval: 1 },
      yAxis: { type: 'category', inverse: true, data: data.map((d) => d.label), axisLabel: { width: 160, overflow: 'truncate' } },
      series: [{
        type: 'bar', color: '#1565c0', data: data.map((d) => d.value),
        label: { show: true, position: 'right', formatter: ({ value }: { value: number }) => value.toLocaleString(language) },
      }],
    });
    const resize = () => chart.resize();
    window.addEventListener('resize', resize);
    return () => { window.removeEventListener('resize', resize); chart.dispose(); };
  }, [data, language]);
  return <div ref={element} role="img" aria-label={label} style={{ width: '100%', height: Math.max(200, 48 * data.length + 32) }} />;
}
