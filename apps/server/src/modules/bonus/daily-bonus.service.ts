import type { BonusReward, DailyBonusClaim, DailyBonusState } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import type { BonusCodesRepo } from './bonus-codes.repo.ts';
import type { BonusLifecycle } from './bonus-lifecycle.service.ts';
import type { BonusDefinitionRow, BonusRepo } from './bonus.repo.ts';
import { dailyClaimAt, DAILY_STREAK_KEPT_MS } from './daily-bonus.fns.ts';

/** A line's amount per streak day: its steps, or its one amount every day. */
const stepsOf = (line: BonusReward): number[] =>
  'amount' in line ? (line.steps ?? [line.amount]) : [];
const stepAt = (steps: number[], streak: number) =>
  steps[Math.min(Math.max(streak, 1), steps.length) - 1] ?? 0;

/**
 * The daily login bonus: once per 24 h, the streak kept within 48 h (daily-bonus.fns.ts), each
 * reward line of the `daily` definition paying its streak day's step.
 */
export function createDailyBonusService(deps: {
  repo: Pick<BonusRepo, 'findDefinitionBySlug'>;
  claims: Pick<BonusCodesRepo, 'db' | 'findDailyClaim' | 'recordDailyClaim'>;
  lifecycle: Pick<BonusLifecycle, 'grant'>;
  asPlayer: <T>(actor: Actor, work: (tx: Database) => Promise<T>) => Promise<T>;
  now: () => Date;
  /**
   * The percent of each day's amount the player is paid (a VIP level's better daily bonus,
   * decision 029); 100 when absent.
   */
  dailyBonusPercent?: (tx: Database, playerId: string) => Promise<number>;
}) {
  async function definition(tx: Database): Promise<BonusDefinitionRow> {
    const found = await deps.repo.findDefinitionBySlug(tx, 'daily');
    if (!found?.enabled) throw AppError.notFound('Daily bonus');
    return found;
  }

  /** The claim `now` would make, and what each line would pay. */
  async function read(tx: Database, playerId: string) {
    const def = await definition(tx);
    const held = await deps.claims.findDailyClaim(tx, playerId);
    const state = { lastClaimAt: held?.lastClaimAt ?? null, streak: held?.streak ?? 0 };
    const now = deps.now();
    // The streak is one for every line: the longest table decides nothing but the day count.
    const claim = dailyClaimAt(state, now, [0]);
    const lines = def.rewards.filter((line) => stepsOf(line).length > 0);
    let streak: number;
    if (claim.claimable) streak = claim.streak;
    else {
      // Not yet: the next claim continues the streak if made before the 48 h are out.
      const kept = state.lastClaimAt!.getTime() + DAILY_STREAK_KEPT_MS > now.getTime();
      streak = kept ? state.streak + 1 : 1;
    }
    const percent = (await deps.dailyBonusPercent?.(tx, playerId)) ?? 100;
    const rewards = lines.map((line) => ({
      currency: line.currency,
      // Rounded down, like every other share of a reward.
      amount: Math.floor((stepAt(stepsOf(line), streak) * percent) / 100),
    }));
    return { def, held, claim, streak, rewards };
  }

  const toState = (
    claimable: boolean,
    streak: number,
    rewards: DailyBonusState['rewards'],
    nextClaimAt: Date | null,
  ): DailyBonusState => ({
    claimable,
    streak,
    rewards,
    nextClaimAt: nextClaimAt?.toISOString() ?? null,
  });

  return {
    state: (actor: Actor): Promise<DailyBonusState> =>
      deps.claims.db.transaction(async (tx) => {
        const { claim, streak, rewards, held } = await read(tx, actor.playerId);
        return claim.claimable
          ? toState(true, streak, rewards, null)
          : toState(false, held?.streak ?? 0, rewards, claim.nextClaimAt);
      }),

    /** Claims today's reward: refused (409) until 24 h after the last claim. */
    claim: (actor: Actor): Promise<DailyBonusClaim> =>
      deps.asPlayer(actor, async (tx) => {
        const { playerId } = actor;
        const { def, held, claim, rewards } = await read(tx, playerId);
        if (!claim.claimable) {
          throw new AppError('CONFLICT', 'The daily bonus was claimed already', {
            nextClaimAt: claim.nextClaimAt.toISOString(),
          });
        }
        const now = deps.now();
        const recorded = await deps.claims.recordDailyClaim(
          tx,
          playerId,
          held?.lastClaimAt ?? null,
          {
            lastClaimAt: now,
            streak: claim.streak,
          },
        );
        if (!recorded) throw new AppError('CONFLICT', 'The daily bonus was claimed already');
        const amountOverride = Object.fromEntries(rewards.map((r) => [r.currency, r.amount]));
        const granted = await deps.lifecycle.grant(tx, {
          playerId,
          definition: def,
          source: `daily:${now.toISOString()}`,
          amountOverride,
        });
        // Its claim cap is spent: nothing is paid, so nothing is claimed (the claim rolls back).
        if (!granted) {
          throw new AppError('CONFLICT', 'The daily bonus has run out for now', {
            reason: 'exhausted',
          });
        }
        const next = await read(tx, playerId);
        return {
          claimed: rewards.filter((r) => r.amount > 0),
          state: toState(false, claim.streak, next.rewards, claim.nextClaimAt),
        };
      }),
  };
}
export type DailyBonusService = ReturnType<typeof createDailyBonusService>;
