import type { ScoreResult, SubscaleValue } from '../instruments/types.ts';

/**
 * A ScoreResult as flat named cells: `total`, `band`, `subscale.<key>` (nested results such as
 * RGA's parts as `subscale.<key>.total` …) and `index.<code>`. Null is an empty cell.
 */
export function scoreCells(result: ScoreResult): Map<string, string> {
  const cells = new Map<string, string>();
  const cell = (value: number | string | null) => (value === null ? '' : String(value));
  cells.set('total', cell(result.total));
  cells.set('band', cell(result.band));
  const addSubscales = (prefix: string, subscales: Record<string, SubscaleValue> | undefined) => {
    for (const [key, value] of Object.entries(subscales ?? {})) {
      const name = `${prefix}.${key}`;
      if (value !== null && typeof value === 'object') {
        cells.set(`${name}.total`, cell(value.total));
        cells.set(`${name}.band`, cell(value.band));
        addSubscales(name, value.subscales);
      } else cells.set(name, cell(value));
    }
  };
  addSubscales('subscale', result.subscales);
  for (const [code, value] of Object.entries(result.index ?? {})) cells.set(`index.${code}`, cell(value));
  return cells;
}
