import { and, asc, eq, ne } from 'drizzle-orm';
import { WalletAccountStatus } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { currencies, ledgerAccounts } from '../../db/schema/index.ts';
import { lockPlayerRow } from '../player/player.repo.ts';

export type WalletAccountRow = typeof ledgerAccounts.$inferSelect;

/** Every currency with what valuing an amount in the base currency needs. */
export function selectCurrencyRates(tx: Database) {
  return tx
    .select({
      code: currencies.code,
      isBase: currencies.isBase,
      isEnabled: currencies.isEnabled,
      subunitToUnit: currencies.subunitToUnit,
      rate: currencies.rate,
    })
    .from(currencies);
}

/** Player accounts of the ledger, as the wallet shows and arranges them (never balances). */
export function createWalletRepo(db: Database) {
  const ofPlayer = (playerId: string, id: string) =>
    and(eq(ledgerAccounts.id, id), eq(ledgerAccounts.playerId, playerId));

  return {
    db,

    lockPlayer: lockPlayerRow,

    listCurrencies: (tx: Database = db) => selectCurrencyRates(tx),

    listByPlayer(tx: Database, playerId: string): Promise<WalletAccountRow[]> {
      return tx
        .select()
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.playerId, playerId))
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
        .onConflictDoNothing({ target: [ledgerAccounts.playerId, ledgerAccounts.currency] })
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
