export * from './rules.ts';
export * from './subscriptions.ts';
