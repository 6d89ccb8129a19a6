export * from './access/index.ts';
export * from './reference/index.ts';
export * from './i18n/index.ts';
export * from './instruments/index.ts';
export * from './rules/index.ts';
export * from './interventions/index.ts';
export * from './analytics/index.ts';
