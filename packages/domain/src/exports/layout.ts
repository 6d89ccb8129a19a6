import type { Cell, Values } from './values.ts';
import { wideName, type Variable, type VariableType } from './variables.ts';

/**
 * The two layouts of a dataset. Wide: one row per participant, the participant's variables then
 * each assessment's variables suffixed with its number (`_e1`, `_e2` …). Long: one row per
 * participant × assessment × variable with a recorded value (participant variables with an empty
 * assessment), the value as text; the codebook gives each variable's type.
 */
export interface Column { name: string; type: VariableType }

export const LONG_COLUMNS: readonly Column[] = [
  { name: 'study_id', type: 'string' }, { name: 'encounter', type: 'integer' }, { name: 'variable', type: 'string' }, { name: 'value', type: 'string' },
];

/** The columns of a table that is its variables, in order (the device daily table). */
export const columnsOf = (variables: readonly Variable[]): Column[] => variables.map(({ name, type }) => ({ name, type }));

export function wideColumns(variables: readonly Variable[], encounters: readonly number[]): Column[] {
  const participant = variables.filter((v) => v.level === 'participant');
  const encounter = variables.filter((v) => v.level === 'encounter');
  return [
    ...participant.map(({ name, type }) => ({ name, type })),
    ...encounters.flatMap((n) => encounter.map(({ name, type }) => ({ name: wideName(name, n), type }))),
  ];
}

/**
 * The wide rows of a set of columns: each participant's row in the order of `columns`, an assessment
 * variable put at the column of its name and number (looked up once, not per row).
 */
export function wideRows(columns: readonly Column[]): (participant: Values, encounters: ReadonlyMap<number, Values>) => Cell[] {
  const at = new Map(columns.map((c, i) => [c.name, i]));
  const byEncounter = new Map<number, Map<string, number>>();
  const indexOf = (name: string, n: number) => {
    let names = byEncounter.get(n);
    if (!names) byEncounter.set(n, names = new Map());
    let i = names.get(name);
    if (i === undefined) names.set(name, i = at.get(wideName(name, n)) ?? -1);
    return i;
  };
  return (participant, encounters) => {
    const row: Cell[] = new Array<Cell>(columns.length).fill(null);
    for (const [name, value] of Object.entries(participant)) {
      const i = at.get(name);
      if (i !== undefined) row[i] = value ?? null;
    }
    for (const [n, values] of encounters) {
      for (const [name, value] of Object.entries(values)) {
        const i = indexOf(name, n);
        if (i >= 0) row[i] = value ?? null;
      }
    }
    return row;
  };
}

/** A value as the long layout's text (and the CSV's): numbers as JavaScript writes them, booleans as true/false. */
export const cellText = (value: Cell): string => (value === null ? '' : String(value));

/** The participant's long rows: [study_id, encounter, variable, value], in the catalogue's order. */
export function longRows(variables: readonly Variable[], participant: Values, encounters: ReadonlyMap<number, Values>): Cell[][] {
  const studyId = participant.study_id ?? null;
  const rows: Cell[][] = [];
  for (const v of variables) {
    if (v.level === 'participant' && v.name !== 'study_id' && participant[v.name] !== null && participant[v.name] !== undefined) rows.push([studyId, null, v.name, cellText(participant[v.name]!)]);
  }
  for (const [n, values] of [...encounters].sort(([a], [b]) => a - b)) {
    for (const v of variables) {
      const value = values[v.name];
      if (v.level === 'encounter' && value !== null && value !== undefined) rows.push([studyId, n, v.name, cellText(value)]);
    }
  }
  return rows;
}
