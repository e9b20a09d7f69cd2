import {
  REDEEM_CURRENCY,
  REDEEM_MIN_AMOUNT,
  type Redeemable,
  type SweepsCredit,
} from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { applyWager, redeemableOf } from './playthrough.fns.ts';
import type { RedemptionRepo, SweepsCreditRow } from './redemption.repo.ts';

/** Completed credits shown under the open ones on the redeemable view. */
const COMPLETED_SHOWN = 10;

export function toSweepsCredit(row: SweepsCreditRow): SweepsCredit {
  return {
    id: row.id,
    source: row.source,
    amount: row.amount,
    wagered: row.wagered,
    remaining: row.completedAt ? 0 : row.amount - row.wagered,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

/** Sweeps Coins playthrough (docs/decisions/012): what is redeemable and how wagers count. */
export function createPlaythroughService(deps: { repo: RedemptionRepo; now?: () => Date }) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());

  /** The SC balance and what of it is redeemable, read in `tx`. */
  async function standing(tx: Database, playerId: string, lock = false) {
    const account = await repo.findAccount(tx, playerId, REDEEM_CURRENCY);
    const balance = account?.balance ?? 0;
    const credits = await repo.listOpenCredits(tx, playerId, lock);
    return { account, balance, credits, ...redeemableOf(balance, credits) };
  }

  return {
    standing,

    /**
     * Counts an SC wager against the player's open credits, oldest first. Call it inside the
     * bet's transaction, after the bet's debit: a balance left at 0 forfeits every open credit.
     */
    recordWager: async (
      tx: Database,
      playerId: string,
      amountSC: number,
    ): Promise<{ redeemable: number; locked: number }> => {
      const { balance, credits } = await standing(tx, playerId, true);
      const changes = applyWager(credits, amountSC, balance, now());
      await repo.updateCredits(tx, changes);
      const after = credits.map((c) => {
        const change = changes.find((x) => x.id === c.id);
        return change ? { ...c, ...change } : c;
      });
      return redeemableOf(balance, after);
    },

    /** GET /api/wallet/redeemable. */
    redeemable: (playerId: string): Promise<Redeemable> =>
      repo.db.transaction(async (tx) => {
        const { balance, credits, redeemable, locked } = await standing(tx, playerId);
        const completed = await repo.listCompletedCredits(tx, playerId, COMPLETED_SHOWN);
        return {
          currency: REDEEM_CURRENCY,
          balance,
          redeemable,
          locked,
          held: await repo.heldIn(tx, playerId, REDEEM_CURRENCY),
          minAmount: REDEEM_MIN_AMOUNT,
          credits: [...credits, ...completed].map(toSweepsCredit),
        };
      }),
  };
}
export type PlaythroughService = ReturnType<typeof createPlaythroughService>;
