import { REDEEM_CURRENCY } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { SweepsCreditsRepo } from '../sweeps/sweeps-credits.repo.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import type { BonusRepo } from './bonus.repo.ts';

export interface BonusLedgerDeps {
  ledger: Pick<LedgerService, 'post'>;
  repo: Pick<BonusRepo, 'ensureBonusAccount'>;
  /** The player's cash account of a currency, opened when missing (the wallet's rule). */
  wallet: Pick<WalletService, 'accountIn'>;
  /** Sweeps Coins paid as cash must be played through 1× before they are redeemable. */
  credits: Pick<SweepsCreditsRepo, 'record'>;
}

/** What a posting is about: the player and the key of the step that causes it. */
export interface Step {
  playerId: string;
  currency: string;
  /** `bonus:<id>:activate`, `freespins:<id>:payout`…: a retry books nothing twice. */
  key: string;
  metadata: Record<string, unknown>;
}

/**
 * The bonus engine's postings (decision 024). The player's bonus money of a currency sits in
 * their bonus account (owner_kind 'bonus'), funded by the house `promotions` account and paid
 * back to it on forfeit or on to the cash account on conversion. Callers hold the player's row
 * lock, so a balance read here stays true until commit.
 */
export function createBonusLedger(deps: BonusLedgerDeps) {
  const { ledger, repo } = deps;

  /** promotions → the player's cash account (+ a Sweeps Coins credit with 1× playthrough). */
  async function payCash(tx: Database, step: Step, amount: number, from: 'promotions' | 'bonus') {
    if (amount <= 0) return;
    const cash = await deps.wallet.accountIn(tx, step.playerId, step.currency);
    const source =
      from === 'bonus'
        ? { accountId: (await repo.ensureBonusAccount(tx, step.playerId, step.currency)).id }
        : { house: 'promotions' as const };
    const { transaction, replayed } = await ledger.post(tx, {
      idempotencyKey: step.key,
      kind: from === 'bonus' ? 'bonus.convert' : 'bonus.cash',
      playerId: step.playerId,
      entries: [
        { account: source, currency: step.currency, amount: -amount },
        { account: { accountId: cash }, currency: step.currency, amount },
      ],
      metadata: step.metadata,
    });
    if (!replayed && step.currency === REDEEM_CURRENCY) {
      await deps.credits.record(tx, {
        playerId: step.playerId,
        source: 'bonus',
        amount,
        ledgerTransactionId: transaction.transactionId,
      });
    }
  }

  return {
    /** The player's bonus balance of a currency (the account is opened when missing). */
    async balanceOf(tx: Database, playerId: string, currency: string): Promise<number> {
      return (await repo.ensureBonusAccount(tx, playerId, currency)).balance;
    },

    /** promotions → bonus account: a bonus's amount enters play (at its activation). */
    async fund(tx: Database, step: Step, amount: number): Promise<void> {
      const account = await repo.ensureBonusAccount(tx, step.playerId, step.currency);
      await ledger.post(tx, {
        idempotencyKey: step.key,
        kind: 'bonus.fund',
        playerId: step.playerId,
        entries: [
          { account: { house: 'promotions' }, currency: step.currency, amount: -amount },
          { account: { accountId: account.id }, currency: step.currency, amount },
        ],
        metadata: step.metadata,
      });
    },

    /** promotions → cash at once: a reward without wagering, or free-spin wins paid as cash. */
    payCash: (tx: Database, step: Step, amount: number) => payCash(tx, step, amount, 'promotions'),

    /** The whole bonus balance → cash (wagering complete); returns what moved. */
    async convert(tx: Database, step: Step): Promise<number> {
      const { balance } = await repo.ensureBonusAccount(tx, step.playerId, step.currency);
      await payCash(tx, step, balance, 'bonus');
      return balance;
    },

    /** The whole bonus balance → promotions (canceled, expired, redeemed away); returns it. */
    async forfeit(tx: Database, step: Step): Promise<number> {
      const account = await repo.ensureBonusAccount(tx, step.playerId, step.currency);
      if (account.balance <= 0) return 0;
      await ledger.post(tx, {
        idempotencyKey: step.key,
        kind: 'bonus.forfeit',
        playerId: step.playerId,
        entries: [
          { account: { accountId: account.id }, currency: step.currency, amount: -account.balance },
          { account: { house: 'promotions' }, currency: step.currency, amount: account.balance },
        ],
        metadata: step.metadata,
      });
      return account.balance;
    },

    /**
     * The expiry job's forfeit of many bonus accounts in one posting (each account appears
     * once: one active bonus per player and currency), back to promotions per currency.
     */
    async forfeitMany(
      tx: Database,
      key: string,
      accounts: { id: string; currency: string; balance: number }[],
    ): Promise<void> {
      if (accounts.length === 0) return;
      const totals = new Map<string, number>();
      for (const a of accounts) totals.set(a.currency, (totals.get(a.currency) ?? 0) + a.balance);
      await ledger.post(tx, {
        idempotencyKey: key,
        kind: 'bonus.forfeit',
        entries: [
          ...accounts.map((a) => ({
            account: { accountId: a.id },
            currency: a.currency,
            amount: -a.balance,
          })),
          ...[...totals].map(([currency, amount]) => ({
            account: { house: 'promotions' as const },
            currency,
            amount,
          })),
        ],
        metadata: { expired: accounts.length },
      });
    },
  };
}
export type BonusLedger = ReturnType<typeof createBonusLedger>;
