import { and, asc, eq, ne } from 'drizzle-orm';
import { WalletAccountStatus } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { ledgerAccounts } from '../../db/schema/index.ts';
import { createCurrencyRatesRepo } from './currency-rates.repo.ts';

export type WalletAccountRow = typeof ledgerAccounts.$inferSelect;

/**
 * @deprecated Free query kept for the game server's bet limits until its wiring passes a
 * `Pick<CurrencyRatesRepo, 'list'>` (rgs belongs to another change); use createCurrencyRatesRepo.
 */
export function selectCurrencyRates(tx: Database) {
  return createCurrencyRatesRepo(tx).list(tx);
}

/** Player accounts of the ledger, as the wallet shows and arranges them (never balances). */
export function createWalletRepo(db: Database) {
  // A player's bonus accounts (owner_kind 'bonus') are the bonus engine's: never listed,
  // switched to or hidden here.
  const cash = eq(ledgerAccounts.ownerKind, 'player');
  const ofPlayer = (playerId: string, id: string) =>
    and(eq(ledgerAccounts.id, id), eq(ledgerAccounts.playerId, playerId), cash);

  const rates = createCurrencyRatesRepo(db);
  return {
    db,

    listCurrencies: (tx: Database = db) => rates.list(tx),

    listByPlayer(tx: Database, playerId: string): Promise<WalletAccountRow[]> {
      return tx
        .select()
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.playerId, playerId), cash))
        .orderBy(asc(ledgerAccounts.createdAt), asc(ledgerAccounts.id));
    },

    /** Undefined when the player holds an account in this currency already. */
    async insert(
      tx: Database,
      values: { playerId: string; currency: string; status: number },
    ): Promise<WalletAccountRow | undefined> {
      const [row] = await tx
        .insert(ledgerAccounts)
        .values({ ownerKind: 'player', ...values })
        .onConflictDoNothing({
          target: [ledgerAccounts.playerId, ledgerAccounts.currency, ledgerAccounts.ownerKind],
        })
        .returning();
      return row;
    },

    /** Makes `id` the player's only active account (and shows it, if it was hidden). */
    async activate(
      tx: Database,
      playerId: string,
      id: string,
    ): Promise<WalletAccountRow | undefined> {
      // Others first: the partial unique index allows one active account per player.
      await tx
        .update(ledgerAccounts)
        .set({ status: WalletAccountStatus.Inactive, updatedAt: new Date() })
        .where(
          and(
            eq(ledgerAccounts.playerId, playerId),
            ne(ledgerAccounts.id, id),
            eq(ledgerAccounts.status, WalletAccountStatus.Active),
          ),
        );
      const [row] = await tx
        .update(ledgerAccounts)
        .set({ status: WalletAccountStatus.Active, hidden: false, updatedAt: new Date() })
        .where(ofPlayer(playerId, id))
        .returning();
      return row;
    },

    async hide(tx: Database, playerId: string, id: string): Promise<WalletAccountRow | undefined> {
      const [row] = await tx
        .update(ledgerAccounts)
        .set({ hidden: true, updatedAt: new Date() })
        .where(ofPlayer(playerId, id))
        .returning();
      return row;
    },
  };
}
export type WalletRepo = ReturnType<typeof createWalletRepo>;
