/**
 * A move the game's rules refuse (cash out before any win, a tile revealed twice, an action
 * after the end, a split of a non-pair, stakes that do not add up to the bet). The game server
 * maps it to 400 BAD_REQUEST with `code` in the details; it is never a 5xx.
 */
export const ENGINE_RULE_CODES = [
  'ROUND_OVER',
  'TILE_ALREADY_REVEALED',
  'NOTHING_TO_CASH_OUT',
  'STAKE_MISMATCH',
  'SKIP_LIMIT',
  'CANNOT_DOUBLE',
  'CANNOT_SPLIT',
  'INVALID_ACTION',
] as const;
export type EngineRuleCode = (typeof ENGINE_RULE_CODES)[number];

export class EngineRuleError extends Error {
  override readonly name = 'EngineRuleError';
  /** HTTP status the server answers with. */
  readonly status = 400;

  constructor(
    readonly code: EngineRuleCode,
    message: string,
  ) {
    super(message);
  }
}

export const isEngineRuleError = (error: unknown): error is EngineRuleError =>
  error instanceof EngineRuleError;
