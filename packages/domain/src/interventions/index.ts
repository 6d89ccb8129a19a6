export * from './rules.ts';
export * from './subscriptions.ts';
export * from './message-format.ts';
