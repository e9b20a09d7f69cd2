import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client.ts';
import { bonusDefinitions, ledgerAccounts, ledgerEntries } from '../../src/db/schema/index.ts';
import { runLedgerInvariants } from '../../src/modules/ledger/ledger-invariants.repo.ts';
import { lockPlayerRow } from '../../src/modules/player/player.repo.ts';
import type { TestApp } from '../test-app.ts';
import { bearer, register } from '../player/player-fixtures.ts';

export async function newPlayer(t: TestApp): Promise<{ token: string; playerId: string }> {
  const session = await register(t);
  return { token: session.accessToken, playerId: session.profile.id };
}

/** Runs `work` in a transaction holding the player's row lock, as every money change does. */
export function asPlayer<T>(
  t: TestApp,
  playerId: string,
  work: (tx: Database) => Promise<T>,
): Promise<T> {
  return t.database.db.transaction(async (tx) => {
    if (!(await lockPlayerRow(tx, playerId))) throw new Error(`no player ${playerId}`);
    return work(tx);
  });
}

export async function definition(t: TestApp, slug: string) {
  const [row] = await t.database.db
    .select()
    .from(bonusDefinitions)
    .where(eq(bonusDefinitions.slug, slug));
  if (!row) throw new Error(`no definition ${slug}`);
  return row;
}

/** A player's balance of one kind of account (cash 'player' or 'bonus'); 0 when never opened. */
export async function balanceOf(
  t: TestApp,
  playerId: string,
  currency: string,
  ownerKind: 'player' | 'bonus',
): Promise<number> {
  const [row] = await t.database.db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.playerId, playerId),
        eq(ledgerAccounts.currency, currency),
        eq(ledgerAccounts.ownerKind, ownerKind),
      ),
    );
  return row?.balance ?? 0;
}

/** The house promotions account's balance in a currency (the sum of its entries). */
export async function promotions(t: TestApp, currency: string): Promise<number> {
  const [row] = await t.database.db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(and(eq(ledgerAccounts.purpose, 'promotions'), eq(ledgerAccounts.currency, currency)));
  return Number(row?.total ?? 0);
}

export async function expectLedgerSound(t: TestApp): Promise<void> {
  const broken = (await runLedgerInvariants(t.database.db)).filter((r) => r.violations > 0);
  expect(broken).toEqual([]);
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** An API call as the player `token` (none: anonymous), with an Idempotency-Key when given. */
export function call(
  t: TestApp,
  method: Method,
  url: string,
  token?: string,
  payload?: object,
  idempotencyKey?: string,
) {
  return t.app.inject({
    method,
    url,
    headers: {
      ...(token ? bearer(token) : {}),
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    },
    payload,
  });
}

export const claimCode = (t: TestApp, token: string, bonusCode: string, trigger: number) =>
  call(t, 'POST', '/api/game/bonuses/bonuscodes', token, { bonusCode, trigger });

/**
 * For suites about something else (the ledger's postings, redemptions, game rounds) whose
 * players must start at 0 as before the welcome coins: switches the `welcome` campaign off in
 * this test app's own database. The welcome itself is tested in test/bonus.
 */
export async function withoutWelcomeCoins(t: TestApp): Promise<void> {
  await t.database.db
    .update(bonusDefinitions)
    .set({ enabled: false })
    .where(eq(bonusDefinitions.slug, 'welcome'));
}
