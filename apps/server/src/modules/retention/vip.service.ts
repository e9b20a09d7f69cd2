import {
  RAKEBACK_BONUS_SLUG,
  type PlayerVip,
  type VipHost,
  type VipProgramme,
} from '@coinfall/shared';
import type { Actor } from '../../platform/auth.ts';
import type { PlayerRowLock } from '../wallet/wallet.service.ts';
import { benefitsOf, levelAt } from './loyalty-ladder.ts';
import { MICRO_PER_MINOR, nextUtcDay, rakebackCredit, utcDay } from './loyalty.fns.ts';
import type { LoyaltyRepo } from './loyalty.repo.ts';
import type { GrantBySlug, LoyaltyService } from './loyalty.service.ts';

/** The daily credit runs from this hour (UTC) on, at the first housekeeping run of the day. */
export const RAKEBACK_CREDIT_HOUR_UTC = 0;
const CREDIT_BATCH = 200;

/**
 * VIP (issue 15, decision 029): the programme (benefits per VIP level), the player's standing,
 * and the daily rakeback credit — a leader-only housekeeping task whose table is its only
 * state, so a second node running it at the same time credits each accrual once.
 */
export function createVipService(deps: {
  repo: LoyaltyRepo;
  loyalty: Pick<LoyaltyService, 'ladderOf'>;
  players: PlayerRowLock;
  grant: GrantBySlug;
  /** The personal host's contact (configuration); null: no host, and none is promised. */
  host: VipHost | null;
  now: () => Date;
}) {
  const { repo, host } = deps;

  /** One accrual's credit, in its own transaction: player lock, then the accrual row. */
  async function creditOne(playerId: string, currency: string, day: string): Promise<boolean> {
    return repo.db.transaction(async (tx) => {
      if (!(await deps.players.lockRow(tx, playerId))) return false;
      const row = await repo.lockRakeback(tx, playerId, currency);
      // Another node credited it meanwhile (it held the lock first), or nothing whole is due.
      if (!row || row.creditedOn === day || row.accruedMicro < MICRO_PER_MINOR) return false;
      const { amount } = rakebackCredit(row.accruedMicro);
      // Every currency line of the definition is named: a missing one would pay its default.
      const granted = await deps.grant(tx, {
        playerId,
        slug: RAKEBACK_BONUS_SLUG,
        source: `rakeback:${day}:${currency}`,
        amountOverride: { GC: 0, SC: 0, [currency]: amount },
      });
      if (!granted) return false;
      await repo.markCredited(tx, playerId, currency, amount * MICRO_PER_MINOR, day);
      return true;
    });
  }

  return {
    programme: (): Promise<VipProgramme> =>
      repo.db.transaction(async (tx) => {
        const { rungs } = await deps.loyalty.ladderOf(tx);
        const levels = [...new Map(rungs.map((r) => [r.level.id, r.level])).values()];
        return {
          levels: levels.filter((l) => l.vip).map((l) => benefitsOf(l, host !== null)),
          rakebackCreditHourUtc: RAKEBACK_CREDIT_HOUR_UTC,
        };
      }),

    benefits: (actor: Actor): Promise<PlayerVip> =>
      repo.db.transaction(async (tx) => {
        const account = await repo.findAccount(tx, actor.playerId);
        const level = levelAt(await deps.loyalty.ladderOf(tx), account?.millipoints ?? 0);
        const vip = level?.vip ?? false;
        const benefits = vip && level ? benefitsOf(level, host !== null) : null;
        const accrued = await repo.listRakeback(tx, actor.playerId);
        return {
          vip,
          benefits,
          rakebackAccrued: accrued.map((r) => ({
            currency: r.currency,
            amount: rakebackCredit(r.accruedMicro).amount,
          })),
          nextRakebackAt: nextUtcDay(deps.now()).toISOString(),
          host: benefits?.personalHost ? host : null,
        };
      }),

    /**
     * Credits every accrual worth a whole minor unit not yet credited today, as a claimable
     * `vip-rakeback` bonus (source `rakeback:<day>:<currency>`). Returns how many it credited.
     */
    async creditRakeback(): Promise<number> {
      const now = deps.now();
      if (now.getUTCHours() < RAKEBACK_CREDIT_HOUR_UTC) return 0;
      const day = utcDay(now);
      let credited = 0;
      for (;;) {
        const due = await repo.dueRakeback(repo.db, day, CREDIT_BATCH);
        let batch = 0;
        for (const { playerId, currency } of due) {
          if (await creditOne(playerId, currency, day)) batch += 1;
        }
        credited += batch;
        // A full batch of which none could be credited (the definition disabled) would repeat.
        if (due.length < CREDIT_BATCH || batch === 0) return credited;
      }
    },
  };
}
export type VipService = ReturnType<typeof createVipService>;
