import {
  DEFAULT_WALLET_CURRENCY,
  WalletAccountStatus,
  type CreateWalletAccountBody,
  type WalletAccount,
  type WalletAccountList,
} from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { toWalletAccount } from './wallet.fns.ts';
import type { WalletAccountRow, WalletRepo } from './wallet.repo.ts';

/** The player row lock every money change of one player queues on (the player module's). */
export interface PlayerRowLock {
  /** False when the player does not exist. */
  lockRow(tx: Database, playerId: string): Promise<boolean>;
  /** Several players at once, in id order; the ids that exist (batch consumers, decision 044). */
  lockRows?(tx: Database, playerIds: string[]): Promise<Set<string>>;
}

/**
 * The player's account in `currency`, opened when missing (inactive unless none is active), for
 * postings that credit a player in the caller's transaction (settlements, operator credits).
 */
export async function accountIn(
  wallet: Pick<WalletRepo, 'listByPlayer' | 'insert'>,
  tx: Database,
  playerId: string,
  currency: string,
): Promise<string> {
  const accounts = await wallet.listByPlayer(tx, playerId);
  const existing = accounts.find((a) => a.currency === currency);
  if (existing) return existing.id;
  const hasActive = accounts.some((a) => a.status === WalletAccountStatus.Active);
  const opened = await wallet.insert(tx, {
    playerId,
    currency,
    status: hasActive ? WalletAccountStatus.Inactive : WalletAccountStatus.Active,
  });
  // Undefined when a concurrent request opened it first: read it back.
  const id =
    opened?.id ??
    (await wallet.listByPlayer(tx, playerId)).find((a) => a.currency === currency)?.id;
  if (!id) throw new Error(`no ${currency} account for ${playerId}`);
  return id;
}

/** Wallet accounts (spec §7 Wallet): which of the player's ledger accounts exist and show. */
export function createWalletService(deps: { repo: WalletRepo; players: PlayerRowLock }) {
  const { repo, players } = deps;

  async function present(tx: Database, rows: WalletAccountRow[]): Promise<WalletAccount[]> {
    const currencies = await repo.listCurrencies(tx);
    return rows.map((row) => toWalletAccount(row, currencies));
  }

  /** Runs `work` in a transaction holding the player's lock, on the player's accounts. */
  function locked<T>(
    playerId: string,
    work: (tx: Database, accounts: WalletAccountRow[]) => Promise<T>,
  ): Promise<T> {
    return repo.db.transaction(async (tx) => {
      if (!(await players.lockRow(tx, playerId))) {
        throw new AppError('UNAUTHENTICATED', 'The session token is not valid');
      }
      return work(tx, await repo.listByPlayer(tx, playerId));
    });
  }

  const own = (accounts: WalletAccountRow[], id: string): WalletAccountRow => {
    const account = accounts.find((a) => a.id === id);
    if (!account) throw AppError.notFound('Account');
    return account;
  };

  /**
   * Creates the default-currency account when missing and makes it active when no account is.
   * Call with the transaction that holds the player's row (registration inserts it).
   */
  async function ensureDefaultIn(tx: Database, playerId: string): Promise<void> {
    const accounts = await repo.listByPlayer(tx, playerId);
    const hasActive = accounts.some((a) => a.status === WalletAccountStatus.Active);
    const existing = accounts.find((a) => a.currency === DEFAULT_WALLET_CURRENCY);
    if (!existing) {
      await repo.insert(tx, {
        playerId,
        currency: DEFAULT_WALLET_CURRENCY,
        status: hasActive ? WalletAccountStatus.Inactive : WalletAccountStatus.Active,
      });
    } else if (!hasActive) {
      await repo.activate(tx, playerId, existing.id);
    }
  }

  return {
    /** The player's account in `currency`, opened when missing (see `accountIn`). */
    accountIn: (tx: Database, playerId: string, currency: string) =>
      accountIn(repo, tx, playerId, currency),

    ensureDefaultIn,

    /** Opens the default-currency account when missing; activates it only when none is active. */
    ensureDefaultAccount: (playerId: string): Promise<void> =>
      locked(playerId, (tx) => ensureDefaultIn(tx, playerId)),

    /**
     * Spec §4 "Login flow": a player who is not a purchaser plays in the default currency — the
     * default account is opened if missing and made the active one, whichever was active before.
     */
    activateDefaultAccount: (playerId: string): Promise<void> =>
      locked(playerId, async (tx, accounts) => {
        const existing = accounts.find((a) => a.currency === DEFAULT_WALLET_CURRENCY);
        if (existing?.status === WalletAccountStatus.Active) return;
        const id =
          existing?.id ??
          (
            await repo.insert(tx, {
              playerId,
              currency: DEFAULT_WALLET_CURRENCY,
              status: WalletAccountStatus.Inactive,
            })
          )?.id;
        if (id) await repo.activate(tx, playerId, id);
      }),

    list: (actor: Actor): Promise<WalletAccountList> =>
      repo.db.transaction(async (tx) => ({
        data: await present(tx, await repo.listByPlayer(tx, actor.playerId)),
      })),

    /** One account per enabled currency; the first one a player opens becomes active. */
    create: (actor: Actor, body: CreateWalletAccountBody): Promise<WalletAccount> =>
      locked(actor.playerId, async (tx, accounts) => {
        const currency = (await repo.listCurrencies(tx)).find((c) => c.code === body.currency);
        if (!currency?.isEnabled) {
          throw AppError.invalid('body.currency', `${body.currency} is not an enabled currency`);
        }
        const clash = () =>
          new AppError('CONFLICT', `There is a ${body.currency} account already`, {
            fields: [{ field: 'body.currency', message: 'There is such an account already' }],
          });
        if (accounts.some((a) => a.currency === body.currency)) throw clash();
        const hasActive = accounts.some((a) => a.status === WalletAccountStatus.Active);
        const row = await repo.insert(tx, {
          playerId: actor.playerId,
          currency: body.currency,
          status: hasActive ? WalletAccountStatus.Inactive : WalletAccountStatus.Active,
        });
        if (!row) throw clash();
        const [account] = await present(tx, [row]);
        if (!account) throw new Error('account vanished');
        return account;
      }),

    /** Makes the account the player's only active one; a hidden account shows again. */
    switch: (actor: Actor, id: string): Promise<WalletAccount> =>
      locked(actor.playerId, async (tx, accounts) => {
        own(accounts, id);
        const row = await repo.activate(tx, actor.playerId, id);
        if (!row) throw AppError.notFound('Account');
        const [account] = await present(tx, [row]);
        if (!account) throw new Error('account vanished');
        return account;
      }),

    /** Hides an inactive account from the list; the active one is what the player plays with. */
    hide: (actor: Actor, id: string): Promise<WalletAccount> =>
      locked(actor.playerId, async (tx, accounts) => {
        if (own(accounts, id).status === WalletAccountStatus.Active) {
          throw new AppError('CONFLICT', 'The active account cannot be hidden; switch first');
        }
        const row = await repo.hide(tx, actor.playerId, id);
        if (!row) throw AppError.notFound('Account');
        const [account] = await present(tx, [row]);
        if (!account) throw new Error('account vanished');
        return account;
      }),
  };
}
export type WalletService = ReturnType<typeof createWalletService>;
