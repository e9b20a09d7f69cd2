export * from './core.ts';
export * from './player.ts';
export * from './mail.ts';
export * from './limits.ts';
export * from './documents.ts';
export * from './identity.ts';
export * from './ledger.ts';
export * from './payments.ts';
