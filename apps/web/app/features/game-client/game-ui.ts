import type { GameSessionState, RoundAnswer } from '@coinfall/shared';

/**
 * The contract between the game client's frame (route /play/:identity: session, balance,
 * fairness, errors) and one game's UI. Every game UI is a lazily loaded component taking these
 * props; it never calls the network itself, so every money-moving call goes through one place
 * (idempotency keys, retries, error display).
 */
export interface GameClientApi {
  /**
   * POST /api/rgs/rounds with a fresh Idempotency-Key (reused on a retry of the same click);
   * `freeSpinId` plays one of the player's free spins (the frame adds it, never a game UI).
   */
  startRound(
    bet: number,
    params: Record<string, unknown>,
    freeSpinId?: number,
  ): Promise<RoundAnswer>;
  /** POST /api/rgs/rounds/{id}/actions. */
  act(roundId: string, action: Record<string, unknown>): Promise<RoundAnswer>;
}

export interface GameUiProps {
  /** As opened: bet levels, currency, balance, the open round to resume, fairness commitment. */
  session: GameSessionState;
  api: GameClientApi;
  /** The frame shows the new balance and fairness state of every answer. */
  onAnswer: (answer: RoundAnswer) => void;
}
