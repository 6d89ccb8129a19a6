import { choice, integer, options, t, text, yesNo } from './define.ts';
import type { InstrumentDef } from './types.ts';

/** A small instrument with one item of every kind, for the machinery's own tests. */
const label = t('x', 'x', 'x', 'x', 'x', 'x', 'x');
export const sampleDef: InstrumentDef = {
  id: 'sample',
  version: '0.0.1',
  title: t('Sample', 'Esempio', 'Exemplo', 'Exemple', 'Ejemplo', 'Δείγμα', 'Exemplu'),
  description: label,
  range: null,
  groups: [{ key: 'g1', title: label }],
  items: [
    choice('sample-1', label, options([0, label], [1, label], [2, label]), { group: 'g1' }),
    yesNo('sample-2', label, { group: 'g1' }),
    integer('sample-3', label, { min: 0, max: 100 }, { step: 10 }),
    integer('sample-4', label, { min: 0 }),
    { linkId: 'sample-5', text: label, type: 'decimal', min: 0.5, max: 2.5 },
    text('sample-6', label, { maxLength: 5, optional: true, help: label }),
  ],
  bands: [],
  score: () => ({ total: null, band: null }),
};
