import type { RoundAnswer } from '@coinfall/shared';
import type { GameClientApi } from '../game-ui';

/**
 * The API handed to a game UI: every call reports its failure to the frame (which shows it with
 * its code) and clears the last failure on success; the UI still gets the rejection to stop its
 * own spinner.
 */
export function reportingApi(
  api: GameClientApi,
  report: { failed(error: unknown): void; succeeded(): void },
): GameClientApi {
  const watch = async (call: Promise<RoundAnswer>) => {
    try {
      const answer = await call;
      report.succeeded();
      return answer;
    } catch (error) {
      report.failed(error);
      throw error;
    }
  };
  return {
    startRound: (bet, params, freeSpinId) => watch(api.startRound(bet, params, freeSpinId)),
    act: (roundId, action) => watch(api.act(roundId, action)),
  };
}

/**
 * While the player has free spins on this game, each new round plays one (the server stakes
 * the free spin's bet, paid by the house); then rounds are paid again.
 */
export function freeSpinningApi(api: GameClientApi, freeSpinId: number | undefined): GameClientApi {
  if (freeSpinId === undefined) return api;
  return {
    startRound: (bet, params) => api.startRound(bet, params, freeSpinId),
    act: (roundId, action) => api.act(roundId, action),
  };
}

export { BALANCE_MESSAGE_TYPE, postBalance } from '../frame-messages.fns';
