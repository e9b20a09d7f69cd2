export * from './core.ts';
export * from './player.ts';
