export * from './lifecycle.ts';
export * from './params.ts';
export * from './intrinsic-capacity.ts';
export * from './analyses.ts';
export * from './about.ts';
export * from './answers.ts';
