import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages.ts';
import { INSTRUMENT_IDS } from '../instruments/registry.ts';
import { PILOTS } from '../reference/pilots.ts';
import { CLINICAL_FIELD_GROUPS, type ClinicalFieldGroup } from '../rules/assessment-clinical-fields.ts';
import { RECRUITMENT_STATUSES } from '../rules/recruitment-status.ts';

/**
 * A study dataset export (issue 37 §1): what the statistician chose. Empty lists mean "all" for
 * pilots and recruitment statuses, and "none" for instruments and clinical sections (a dataset of
 * the participants' study record only is a valid choice).
 */
export const DATASET_LAYOUTS = ['wide', 'long'] as const;
export type DatasetLayout = (typeof DATASET_LAYOUTS)[number];
/** Baseline is assessment 1, follow-ups every later assessment. */
export const DATASET_ENCOUNTERS = ['all', 'baseline', 'followUps'] as const;
export type DatasetEncounters = (typeof DATASET_ENCOUNTERS)[number];
/** Birth is never exported as a date: its year, or the statistics age band (SPEC §7). */
export const DATASET_BIRTH = ['ageBand', 'year'] as const;
export const CLINICAL_SECTIONS = Object.keys(CLINICAL_FIELD_GROUPS) as ClinicalFieldGroup[];

const day = z.iso.date();
const unique = <T extends z.ZodType>(item: T) => z.array(item).max(64).refine((a) => new Set(a).size === a.length, { message: 'duplicate' });

export const datasetParamsSchema = z.object({
  pilots: unique(z.number().int().refine((id) => PILOTS.some((p) => p.pilotid === id), { message: 'unknown pilot' })).default([]),
  instruments: unique(z.enum(INSTRUMENT_IDS as [string, ...string[]])).default([]),
  clinicalSections: unique(z.enum(CLINICAL_SECTIONS as [ClinicalFieldGroup, ...ClinicalFieldGroup[]])).default([]),
  encounters: z.enum(DATASET_ENCOUNTERS).default('all'),
  recruitment: unique(z.enum(RECRUITMENT_STATUSES)).default([]),
  /** Assessments whose date falls in [from, to] (UTC days, both included). */
  from: day.optional(),
  to: day.optional(),
  language: z.enum(LANGUAGES).default('en'),
  layout: z.enum(DATASET_LAYOUTS).default('wide'),
  birth: z.enum(DATASET_BIRTH).default('ageBand'),
  deviceDaily: z.boolean().default(false),
}).strict().refine((p) => !p.from || !p.to || p.from <= p.to, { path: ['to'], message: 'to is before from' });

export type DatasetParamsInput = z.input<typeof datasetParamsSchema>;
export type DatasetParams = z.output<typeof datasetParamsSchema>;

/** Whether an assessment number is one the parameters ask for. */
export function encounterWanted(number: number, encounters: DatasetEncounters): boolean {
  if (encounters === 'baseline') return number === 1;
  if (encounters === 'followUps') return number > 1;
  return number >= 1;
}

/** Whether an assessment date (ISO date or date-time) is in the parameters' range. */
export function dateWanted(date: string | null, params: Pick<DatasetParams, 'from' | 'to'>): boolean {
  if (!params.from && !params.to) return true;
  if (!date) return false;
  const d = date.slice(0, 10);
  return (!params.from || d >= params.from) && (!params.to || d <= params.to);
}
