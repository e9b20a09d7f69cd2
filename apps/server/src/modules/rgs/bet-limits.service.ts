import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { limitWindowStart } from '../payment/payment.fns.ts';
import { settleLimit } from '../player/limits.fns.ts';
import type { LimitsRepo } from '../player/limits.repo.ts';
import type { WalletRepo } from '../wallet/wallet.repo.ts';
import { fitsBetLimit, limitValuer, type BetLimit } from './bet-limits.fns.ts';
import { PLAY_SESSION_GAP_MS, playedMs } from './play-sessions.fns.ts';
import type { PlaySessionsRepo } from './play-sessions.repo.ts';
import type { RoundsRepo } from './rounds.repo.ts';

interface SessionTimeLimit {
  id: string;
  period: BetLimit['period'];
  /** Minutes. */
  amount: number;
}

/**
 * Wager, loss and session-time limits at bet time (R1). Call holding the player's row lock: every stake of a
 * player queues there, so usage cannot change between the check and the bet.
 */
export function createBetLimits(deps: {
  limits: Pick<LimitsRepo, 'listByPlayer'>;
  rounds: Pick<RoundsRepo, 'usageSince'>;
  playSessions: Pick<PlaySessionsRepo, 'runsBetween'>;
  /** The currency rates a cash limit values Sweeps Coins at. */
  currencies: Pick<WalletRepo, 'listCurrencies'>;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  /**
   * The play time of the limit's window (its play sessions, the standing one up to now) must be
   * under the limit for a round to start; a round started in time plays out.
   */
  async function enforceSessionTime(
    tx: Database,
    playerId: string,
    limit: SessionTimeLimit,
    at: Date,
  ): Promise<void> {
    const since = limitWindowStart(limit.period, at);
    const runs = await deps.playSessions.runsBetween(playerId, since, at, PLAY_SESSION_GAP_MS, tx);
    const played = playedMs(runs, since, at);
    if (played < limit.amount * 60_000) return;
    throw new AppError(
      'SESSION_TIME_LIMIT_REACHED',
      `You have played ${Math.floor(played / 60_000)} minutes this ${limit.period}: your ` +
        `session-time limit is ${limit.amount} minutes`,
      {
        limitId: limit.id,
        period: limit.period,
        minutes: limit.amount,
        playedMinutes: Math.floor(played / 60_000),
      },
    );
  }

  return {
    /**
     * `onlySessionTime`: a free spin is the house's stake, outside the wager and loss limits, but
     * it is still play, so the session-time limit holds for it (decision 036).
     */
    async enforce(
      tx: Database,
      playerId: string,
      currency: string,
      stake: number,
      options: { onlySessionTime?: boolean } = {},
    ): Promise<void> {
      const at = now();
      const limits: BetLimit[] = [];
      const timeLimits: SessionTimeLimit[] = [];
      for (const stored of await deps.limits.listByPlayer(playerId, tx)) {
        const limit = settleLimit(stored, at);
        if (limit && (limit.type === 'wager' || limit.type === 'loss')) {
          limits.push({ ...limit, type: limit.type });
        } else if (limit?.type === 'session-time') {
          timeLimits.push(limit);
        }
      }
      for (const limit of timeLimits) await enforceSessionTime(tx, playerId, limit, at);
      if (limits.length === 0 || options.onlySessionTime) return;
      const rates = await deps.currencies.listCurrencies(tx);
      for (const limit of limits) {
        const valuer = limitValuer(limit, currency, rates);
        if (!valuer) continue;
        const usage = await deps.rounds.usageSince(
          tx,
          playerId,
          currency,
          limitWindowStart(limit.period, at),
        );
        if (!fitsBetLimit(limit, usage, stake, valuer)) {
          throw new AppError(
            'LIMIT_EXCEEDED',
            `This bet would go over your ${limit.period} ${limit.type} limit`,
            { limitId: limit.id, type: limit.type, period: limit.period, currency: limit.currency },
          );
        }
      }
    },
  };
}
export type BetLimits = ReturnType<typeof createBetLimits>;
