import type { Resource } from '@medplum/fhirtypes';
import { z } from 'zod';
import { LANGUAGES, type Language } from '@geria/domain';

/** The answers of the instrument and questionnaire-response reads (the OpenAPI document's, and the type of the handlers). */

const localized = z.object(Object.fromEntries(LANGUAGES.map((language) => [language, z.string()])) as Record<Language, z.ZodString>);

const measure = z.object({
  linkId: z.string(), kind: z.enum(['seconds', 'steps']), text: localized, max: z.number(),
  levels: z.array(z.object({ level: z.number(), from: z.number().optional(), to: z.number().optional() })).readonly(),
  onThreshold: z.enum(['upper', 'lower']),
});

const itemBase = {
  linkId: z.string(), text: localized, group: z.string().optional(), scored: z.boolean().optional(), optional: z.boolean().optional(), help: localized.optional(),
};

const item = z.discriminatedUnion('type', [
  z.object({ ...itemBase, type: z.literal('choice'), options: z.array(z.object({ value: z.union([z.number(), z.boolean()]), label: localized })), measure: measure.optional() }),
  z.object({ ...itemBase, type: z.literal('boolean') }),
  z.object({
    ...itemBase, type: z.enum(['integer', 'decimal']), min: z.number(), max: z.number().optional(), step: z.number().optional(), unit: z.string().optional(),
    anchors: z.object({ min: localized, max: localized }).optional(),
  }),
  z.object({ ...itemBase, type: z.literal('string'), maxLength: z.number().int().optional() }),
]);

/** An instrument's definition as data (InstrumentDef without its scoring function), with the canonical `url|version` its responses record. */
export const instrumentViewSchema = z.object({
  id: z.string(), version: z.string(), canonical: z.string(), title: localized, description: localized, licence: localized.optional(),
  range: z.object({ min: z.number(), max: z.number() }).nullable(), totalLabel: localized.optional(),
  screeningAccuracy: z.object({ sensitivity: z.number(), specificity: z.number() }).optional(),
  items: z.array(item), groups: z.array(z.object({ key: z.string(), title: localized })),
  bands: z.array(z.object({ key: z.string(), label: localized, meaning: localized, critical: z.boolean().optional() })),
  /** The subscales its score returns (SubscaleDef): what a client may expect besides total and band. */
  subscales: z.array(z.object({
    key: z.string(), type: z.enum(['integer', 'decimal', 'string', 'result']),
    values: z.record(z.string(), localized).optional(), bands: z.array(z.string()).readonly().optional(),
  })).readonly().optional(),
  indexValueSets: z.array(z.string()).readonly().optional(),
});

export const instrumentListSchema = z.object({ items: z.array(instrumentViewSchema) });

/** A score; a subscale may be a score of its own (RGA's parts), whose subscales are stated as they are. */
const scoreFields = { total: z.number().nullable(), band: z.string().nullable(), index: z.record(z.string(), z.number()).optional() };
export const scoreSchema = z.object({
  ...scoreFields,
  subscales: z.record(z.string(), z.union([z.number(), z.string(), z.null(), z.object({ ...scoreFields, subscales: z.record(z.string(), z.unknown()).optional() })])).optional(),
});

/** A stored response with its answers and its score (null when the stored answers no longer score). */
export const responseSummarySchema = z.object({
  id: z.string(), instrumentId: z.string(), version: z.string().describe('The definition version the response was recorded with'),
  patientId: z.string(), encounterId: z.string().nullable(), authored: z.string().nullable(),
  answers: z.record(z.string(), z.union([z.number(), z.boolean(), z.string()])), score: scoreSchema.nullable(),
});

export const responseListSchema = z.object({ items: z.array(responseSummarySchema), total: z.number().int() });

/** A FHIR R4 resource, whole: its type is checked here, the rest is its own standard's (typed as medplum's Resource). */
export const fhirResourceSchema = z.looseObject({ resourceType: z.string() }) as unknown as z.ZodType<Resource>;

/** A response with its FHIR QuestionnaireResponse and its derived score Observations. */
export const responseDetailSchema = responseSummarySchema.extend({ response: fhirResourceSchema, observations: z.array(fhirResourceSchema) });

/** A write's answer: the response and the confirmation in the catalogue's words. */
const confirmationSchema = z.object({ code: z.string(), params: z.record(z.string(), z.string()), text: z.string() });
export const responseSavedSchema = responseDetailSchema.extend({ message: confirmationSchema });
export const responseDeletedSchema = z.object({ message: confirmationSchema });
