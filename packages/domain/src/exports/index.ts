export * from './params.ts';
export * from './variables.ts';
export * from './values.ts';
export * from './layout.ts';
export * from './codebook.ts';
export * from './pseudonym.ts';
export * from './job.ts';
