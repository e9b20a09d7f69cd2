import type { PlayGameAnswer, PlayGameBody } from '@coinfall/shared/contracts/game';
import { ApiError } from '../../../lib/api/api-error.ts';
import { apiClient } from '../../../lib/session/session';
import { track } from '../../analytics/track.ts';
import { ANALYTICS_EVENTS } from '../../analytics/analytics-settings.ts';

export type PlayFailure =
  'blocked' | 'unavailable' | 'insufficient' | 'sweepsNotAllowed' | 'failed';

/**
 * POST /api/game/games/{id}/play: a launch URL for the iframe. Failures are the page's to show
 * (a missing game is "unavailable" here, not the global 404 page).
 */
export function playGame(id: string | number, body: PlayGameBody): Promise<PlayGameAnswer> {
  return apiClient()
    .post<PlayGameAnswer>(`/api/game/games/${encodeURIComponent(id)}/play`, {
      body,
      skipGlobalHandler: true,
    })
    .then((answer) => {
      track(ANALYTICS_EVENTS.gameLaunch, { gameId: String(id), ...body });
      return answer;
    });
}

/** What the game page says when play is refused. */
export function playFailureOf(error: unknown): PlayFailure {
  if (!(error instanceof ApiError)) return 'failed';
  const code = error.code;
  if (code === 'ACCOUNT_BLOCKED') return 'blocked';
  // Sweeps Coins play is not allowed in the player's state (issue 16): Gold Coins play is.
  if (code === 'SWEEPS_NOT_ALLOWED') return 'sweepsNotAllowed';
  // Not in GC or SC (CURRENCY_NOT_PLAYABLE) or not enough of it: the player needs coins.
  if (code === 'CURRENCY_NOT_PLAYABLE' || code === 'INSUFFICIENT_FUNDS') return 'insufficient';
  // Unknown or disabled (404), or not offered in the player's country (GAME_UNAVAILABLE).
  if (error.status === 404 || code === 'GAME_UNAVAILABLE') return 'unavailable';
  return 'failed';
}
