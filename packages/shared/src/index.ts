export * from './constants.ts';
export * from './errors.ts';
export * from './locales.ts';
export * from './contracts/core.ts';
export * from './contracts/content.ts';
export * from './contracts/health.ts';
export * from './site.ts';
