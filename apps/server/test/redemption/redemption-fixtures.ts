import { randomUUID } from 'node:crypto';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import {
  invoiceSchema,
  walletAccountListSchema,
  walletAccountSchema,
  type Invoice,
} from '@coinfall/shared';
import { players } from '../../src/db/schema/index.ts';
import { createLedgerRepo } from '../../src/modules/ledger/ledger.repo.ts';
import { createLedgerService } from '../../src/modules/ledger/ledger.service.ts';
import { runLedgerInvariants } from '../../src/modules/ledger/ledger-invariants.repo.ts';
import { createInvoiceRepo } from '../../src/modules/invoice/invoice.repo.ts';
import { createPlaythroughService } from '../../src/modules/sweeps/playthrough.service.ts';
import { createSweepsCreditsRepo } from '../../src/modules/sweeps/sweeps-credits.repo.ts';
import { operatorHeaders, type TestApp } from '../test-app.ts';
import { ACCOUNT_BALANCE } from '../../src/modules/ledger/ledger.repo.ts';
import { bearer, register, uniquePhone } from '../player/player-fixtures.ts';

export interface TestPlayer {
  token: string;
  playerId: string;
  accounts: Record<string, string>;
}

/** Money, players and calls for the redemption suites, on one test app. */
export function redemptionFixtures(t: TestApp) {
  const db = t.database.db;
  const ledger = createLedgerService({ repo: createLedgerRepo(db) });
  const credits = createSweepsCreditsRepo(db);
  const playthrough = createPlaythroughService({
    repo: credits,
    invoices: createInvoiceRepo(db),
  });

  async function openAccount(token: string, currency: string): Promise<string> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/accounts',
      headers: bearer(token),
      payload: { currency },
    });
    if (res.statusCode === 200) return walletAccountSchema.parse(res.json()).id;
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/wallet/accounts',
      headers: bearer(token),
    });
    const found = walletAccountListSchema
      .parse(list.json())
      .data.find((a) => a.currency === currency);
    if (!found) throw new Error(`no ${currency} account: ${res.body}`);
    return found.id;
  }

  /** A player with an SC account; fully verified unless told which steps to leave out. */
  async function player(
    options: { kyc?: boolean; email?: boolean; phone?: boolean; currencies?: string[] } = {},
  ): Promise<TestPlayer> {
    const session = await register(t);
    const playerId = session.profile.id;
    await db
      .update(players)
      .set({
        kycVerified: options.kyc ?? true,
        emailConfirmedAt: (options.email ?? true) ? new Date() : null,
        phoneConfirmed: options.phone ?? true,
        phone: uniquePhone(),
      })
      .where(eq(players.id, playerId));
    const accounts: Record<string, string> = {};
    for (const currency of options.currencies ?? ['SC']) {
      accounts[currency] = await openAccount(session.accessToken, currency);
    }
    return { token: session.accessToken, playerId, accounts };
  }

  /** A bonus: promotions → player, plus the SC credit to play through (how purchases do it). */
  const creditBonus = (p: TestPlayer, amount: number) =>
    db.transaction(async (tx) => {
      const { transaction } = await ledger.post(tx, {
        idempotencyKey: randomUUID(),
        kind: 'promotion',
        playerId: p.playerId,
        entries: [
          { account: { accountId: p.accounts.SC ?? '' }, currency: 'SC', amount },
          { account: { house: 'promotions' }, currency: 'SC', amount: -amount },
        ],
      });
      await credits.record(tx, {
        playerId: p.playerId,
        source: 'bonus',
        amount,
        ledgerTransactionId: transaction.transactionId,
      });
    });

  /** Winnings (bankroll → player): redeemable at once, no playthrough. */
  const creditWinnings = (p: TestPlayer, amount: number, currency = 'SC') =>
    db.transaction((tx) =>
      ledger.post(tx, {
        idempotencyKey: randomUUID(),
        kind: 'win',
        playerId: p.playerId,
        entries: [
          { account: { accountId: p.accounts[currency] ?? '' }, currency, amount },
          { account: { house: 'bankroll' }, currency, amount: -amount },
        ],
      }),
    );

  /** A bet of `amount` SC that pays `payout` back, counted by recordWager as the games will. */
  const playRound = (p: TestPlayer, amount: number, payout: number) =>
    db.transaction(async (tx) => {
      const account = { accountId: p.accounts.SC ?? '' };
      await ledger.post(tx, {
        idempotencyKey: randomUUID(),
        kind: 'bet',
        playerId: p.playerId,
        entries: [
          { account, currency: 'SC', amount: -amount },
          { account: { house: 'bankroll' }, currency: 'SC', amount },
        ],
      });
      const standing = await playthrough.recordWager(tx, p.playerId, amount);
      if (payout > 0) {
        await ledger.post(tx, {
          idempotencyKey: randomUUID(),
          kind: 'win',
          playerId: p.playerId,
          entries: [
            { account, currency: 'SC', amount: payout },
            { account: { house: 'bankroll' }, currency: 'SC', amount: -payout },
          ],
        });
      }
      return standing;
    });

  const call = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    token?: string,
    payload?: object,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method,
      url,
      headers: { ...(token ? bearer(token) : {}), ...headers },
      ...(payload ? { payload } : {}),
    });

  const redeem = (
    p: TestPlayer,
    amount: number,
    key: string = randomUUID(),
    extra: { currency?: string; paymentMethodId?: string } = {},
  ) =>
    call(
      'POST',
      '/api/payment/invoices/virtual-payout',
      p.token,
      {
        amount,
        currency: extra.currency ?? 'SC',
        paymentMethodId: extra.paymentMethodId ?? 'bank',
      },
      { 'idempotency-key': key },
    );

  const invoiceOf = (res: LightMyRequestResponse): Invoice => {
    if (res.statusCode !== 200) throw new Error(`expected 200, got ${res.statusCode} ${res.body}`);
    return invoiceSchema.parse(res.json());
  };

  const settle = (id: string, outcome: 'success' | 'rejected', reason?: string) =>
    call(
      'POST',
      `/api/dev/payouts/${id}/settle`,
      undefined,
      { outcome, ...(reason ? { reason } : {}) },
      operatorHeaders(),
    );

  /** Raw SQL: both drivers answer with `{ rows }` (bigint may come back as a string). */
  async function rowsOf<T>(query: SQL): Promise<T[]> {
    const result: unknown = await db.execute(query);
    return (result as { rows: T[] }).rows;
  }

  async function balanceOf(p: TestPlayer, currency = 'SC'): Promise<number> {
    const [row] = await rowsOf<{ balance: string | number }>(
      sql`select balance from ledger_accounts where id = ${p.accounts[currency] ?? ''}`,
    );
    return Number(row?.balance);
  }

  async function clearingBalance(currency = 'SC'): Promise<number> {
    const [row] = await rowsOf<{ balance: string | number }>(
      sql`select ${ACCOUNT_BALANCE} as balance from ledger_accounts a
        where a.purpose = 'redemptions_clearing' and a.currency = ${currency}`,
    );
    return Number(row?.balance ?? 0);
  }

  async function expectLedgerInvariants() {
    const results = await runLedgerInvariants(db);
    expect(results.filter((r) => r.violations > 0)).toEqual([]);
  }

  return {
    db,
    ledger,
    playthrough,
    player,
    openAccount,
    creditBonus,
    creditWinnings,
    playRound,
    call,
    redeem,
    invoiceOf,
    settle,
    rowsOf,
    balanceOf,
    clearingBalance,
    expectLedgerInvariants,
  };
}
