import type { ReactElement } from 'react';

/** A machine's own symbol drawings, each in a 100 × 100 box, keyed by symbol key. */
export type SymbolArt = Record<string, ReactElement>;
