export * from './pilots.ts';
export * from './countries.ts';
export * from './organisations.ts';
export * from './user-organisation.ts';
export * from './constants.ts';
export * from './measurements.ts';
export * from './device-panels.ts';
export * from './codes.ts';
