/**
 * Okabe–Ito colours, distinguishable with the common colour-vision deficiencies, darkest first so
 * that one- and two-series charts stay readable when printed in grey. (Its yellow is left out: too
 * pale on white.)
 */
export const CHART_PALETTE = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9', '#000000'] as const;
