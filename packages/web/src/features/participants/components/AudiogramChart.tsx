import { AUDIOGRAM_FREQUENCIES, THRESHOLD_LIMITS } from '@geria/domain/rules/audiogram-lists.ts';
import type { Audiogram } from '@geria/domain/rules/participants-audiogram.ts';
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

echarts.use([LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

/**
 * The audiogram as audiologists draw it: frequencies across, hearing level downwards (0 dB HL at
 * the top), right ear red circles, left ear blue crosses.
 */
export function AudiogramChart({ audiogram }: { audiogram: Audiogram }) {
  const { t } = useTranslation('participants');
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!element.current) return;
    const chart = echarts.init(element.current, undefined, { renderer: 'svg' });
    const series = (ear: 'left' | 'right', color: string, symbol: string) => ({
      name: t(`audiogram.${ear}`), type: 'line' as const, color, symbol, symbolSize: 12, connectNulls: true,
      data: AUDIOGRAM_FREQUENCIES.map((f) => audiogram[ear][String(f)] ?? null),
    });
    chart.setOption({
      animation: false,
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 56, right: 16, top: 36, bottom: 40 },
      xAxis: { type: 'category', name: 'Hz', nameLocation: 'middle', nameGap: 26, data: AUDIOGRAM_FREQUENCIES.map(String) },
      yAxis: { type: 'value', name: 'dB HL', inverse: true, min: THRESHOLD_LIMITS.min, max: THRESHOLD_LIMITS.max, interval: 10 },
      series: [series('right', '#c62828', 'circle'), series('left', '#1565c0', 'path://M0,0 L10,10 M10,0 L0,10')],
    });
    const resize = () => chart.resize();
    window.addEventListener('resize', resize);
    return () => { window.removeEventListener('resize', resize); chart.dispose(); };
  }, [audiogram, t]);
  return <div ref={element} role="img" aria-label={t('audiogram.chartLabel', { date: audiogram.date })} style={{ width: '100%', height: 320 }} />;
}
