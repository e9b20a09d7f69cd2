import {
  REDEEM_CURRENCY,
  REDEEM_MIN_AMOUNT,
  type Redeemable,
  type SweepsCredit,
} from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { InvoiceRepo } from '../invoice/invoice.repo.ts';
import { applyWager, forfeitAtZero, playOwed, redeemableOf } from './playthrough.fns.ts';
import type { SweepsCreditRow, SweepsCreditsRepo } from './sweeps-credits.repo.ts';

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
export function createPlaythroughService(deps: {
  repo: SweepsCreditsRepo;
  invoices: Pick<InvoiceRepo, 'heldIn'>;
  now?: () => Date;
}) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());

  /** The SC balance and what of it is redeemable, read in `tx`. */
  async function standing(tx: Database, playerId: string, lock = false) {
    const account = await repo.findAccount(tx, playerId, REDEEM_CURRENCY);
    const balance = account?.balance ?? 0;
    const credits = await repo.listOpen(tx, playerId, lock);
    return { account, balance, credits, ...redeemableOf(balance, credits) };
  }

  return {
    standing,

    /**
     * Inside a redemption's transaction, after its debit. Lock order as bets take it: the account
     * row (the debit), then the credits — a bet that committed meanwhile is seen here, so play
     * owed is never redeemed. A balance left at 0 forfeits every open credit.
     */
    async afterRedemptionDebit(tx: Database, playerId: string, at: Date): Promise<void> {
      const after = await standing(tx, playerId, true);
      if (playOwed(after.credits) > after.balance) {
        throw new AppError('INSUFFICIENT_FUNDS', 'That much is no longer redeemable');
      }
      await repo.update(tx, forfeitAtZero(after.credits, after.balance, at));
    },

    /**
     * After a debit other than a bet or a redemption (the inactivity expiry): a balance left at
     * 0 forfeits every open credit, as any zero balance does.
     */
    async forfeitIfEmpty(tx: Database, playerId: string, at: Date): Promise<void> {
      const after = await standing(tx, playerId, true);
      await repo.update(tx, forfeitAtZero(after.credits, after.balance, at));
    },

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
      await repo.update(tx, changes);
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
        const completed = await repo.listCompleted(tx, playerId, COMPLETED_SHOWN);
        return {
          currency: REDEEM_CURRENCY,
          balance,
          redeemable,
          locked,
          held: await deps.invoices.heldIn(tx, playerId, REDEEM_CURRENCY),
          minAmount: REDEEM_MIN_AMOUNT,
          credits: [...credits, ...completed].map(toSweepsCredit),
        };
      }),
  };
}
export type PlaythroughService = ReturnType<typeof createPlaythroughService>;
