/** The paper sizes the printable summary lays out for (CSS `@page { size }` keywords). */
export const PAPER_SIZES = ['A4', 'letter'] as const;
export type PaperSize = (typeof PAPER_SIZES)[number];

// Where US Letter is the office paper; everywhere else prints on A4.
const LETTER_REGIONS = new Set(['US', 'CA', 'MX', 'PH', 'CL', 'CO', 'VE', 'GT', 'PR']);

/** The paper of the browser's region (en-US → letter, it-IT → A4); A4 without a region. */
export function defaultPaperSize(locale: string | undefined): PaperSize {
  const region = locale ? new Intl.Locale(locale).region : undefined;
  return region && LETTER_REGIONS.has(region) ? 'letter' : 'A4';
}

/**
 * The print stylesheet: the chosen paper and margins, and nothing of the application around the
 * document (header, footer, the summary's own toolbar) on paper; black text on white throughout.
 */
export const printCss = (paper: PaperSize) => `
@page { size: ${paper}; margin: 12mm 14mm; }
@media print {
  html, body { background: #fff !important; color: #000 !important; }
  header, footer, [data-print="hide"] { display: none !important; }
  main { display: block !important; padding: 0 !important; }
  [data-print="document"] { max-width: none !important; box-shadow: none !important; border: 0 !important; padding: 0 !important; }
  [data-print="document"] section { break-inside: avoid; }
  a { color: #000 !important; text-decoration: none !important; }
}`;
