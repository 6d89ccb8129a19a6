import { BarChart, BoxplotChart, HeatmapChart, LineChart, PieChart, RadarChart, ScatterChart } from 'echarts/charts';
import {
  AriaComponent, DataZoomComponent, GridComponent, LegendComponent, MarkAreaComponent, MarkLineComponent, TooltipComponent, VisualMapComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { CHART_PALETTE } from './palette.ts';

// Only the chart types the product draws (DESIGN: box plot, scatter, bar, pie, line, radar; heat map
// for correlation matrices), drawn as SVG: sharp in print and at any zoom.
echarts.use([
  BarChart, BoxplotChart, HeatmapChart, LineChart, PieChart, RadarChart, ScatterChart,
  AriaComponent, DataZoomComponent, GridComponent, LegendComponent, MarkAreaComponent, MarkLineComponent, TooltipComponent, VisualMapComponent,
  SVGRenderer,
]);

echarts.registerTheme('geria', { color: [...CHART_PALETTE] });

export { echarts };
export type { EChartsCoreOption } from 'echarts/core';
