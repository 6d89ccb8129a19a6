export * from './roles.ts';
export * from './routes.ts';
export * from './menu.ts';
export * from './user.ts';
export * from './clinical-access.ts';
export * from './integration-permissions.ts';
export * from './bulk-export.ts';
