/** The height of the chart card's loading skeleton (components/ChartCard.tsx): a chart of this height replaces it in place. */
export const SKELETON_CHART_PX = 360;

/**
 * A bar chart of a list of categories: the skeleton's height, so the card keeps its size and nothing
 * below it moves when the numbers arrive (no layout shift); only a list too long for readable bars
 * there (over 14) gets more room.
 */
export const barChartHeight = (rows: number) => Math.max(SKELETON_CHART_PX, 22 * rows + 40);

/** Bars no thicker than this, so a short list in the reserved height still reads as bars. */
export const BAR_MAX_WIDTH = 32;
