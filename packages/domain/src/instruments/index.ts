export * from './types.ts';
export * from './errors.ts';
export * from './bands.ts';
export * from './validate.ts';
export * from './schema.ts';
export * from './fhir-questionnaire.ts';
export * from './registry.ts';
export * from './score.ts';
