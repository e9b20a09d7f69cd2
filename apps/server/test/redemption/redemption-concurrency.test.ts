import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { InvoiceStatus } from '@coinfall/shared';
import { createTestApp, type TestApp } from '../test-app.ts';
import { errorOf } from '../player/player-fixtures.ts';
import { redemptionFixtures } from './redemption-fixtures.ts';
import { withoutWelcomeCoins } from '../bonus/bonus-fixtures.ts';

/*
 * Races on the redemption path. With DATABASE_URL the requests run on a pool of connections and
 * really race for the player's row lock; on PGlite they are serialised, which still checks that
 * each is applied at most once.
 */
let t: TestApp;
let f: ReturnType<typeof redemptionFixtures>;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_KEY_PREFIX: `test:${randomUUID()}:` });
  // Players start at 0 here, as this suite is about something else (decision 024).
  await withoutWelcomeCoins(t);
  f = redemptionFixtures(t);
});
afterAll(() => t.close());

const W9 = {
  legalName: 'Grace Hopper',
  tin: '123456789',
  address: '1 Navy Yard',
  city: 'Arlington',
  region: 'VA',
  postalCode: '22202',
  certify: true,
};

describe('concurrent redemptions', () => {
  it('20 concurrent requests over the redeemable balance: accepted total ≤ redeemable', async () => {
    const p = await f.player();
    await f.creditWinnings(p, 100_000);
    await f.creditBonus(p, 30_000);
    expect((await f.call('POST', '/api/player/w9', p.token, W9)).statusCode).toBe(200);
    const amounts = Array.from({ length: 20 }, (_, i) => 10_000 + (i % 4) * 2_500);
    const answers = await Promise.all(amounts.map((amount) => f.redeem(p, amount)));

    const accepted = answers.filter((r) => r.statusCode === 200).map((r) => f.invoiceOf(r));
    const total = accepted.reduce((n, i) => n + i.amount, 0);
    expect(accepted.length).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(100_000);
    answers.forEach((r, i) => {
      if (r.statusCode === 200) return;
      expect(errorOf(r).code).toBe('INSUFFICIENT_FUNDS');
      // Refused only when what was left could not pay it (what is left only shrinks).
      expect(100_000 - total).toBeLessThan(amounts[i] ?? 0);
    });
    expect(await f.balanceOf(p)).toBe(130_000 - total);
    expect(await f.balanceOf(p)).toBeGreaterThanOrEqual(30_000);
    await f.expectLedgerInvariants();
  });
});

describe('redemptions racing bets', () => {
  it('never deadlock, never redeem play still owed, never overdraw', async () => {
    const p = await f.player();
    await f.creditWinnings(p, 50_000);
    await f.creditBonus(p, 50_000);
    expect((await f.call('POST', '/api/player/w9', p.token, W9)).statusCode).toBe(200);
    const redeems = Array.from({ length: 10 }, () => f.redeem(p, 10_000));
    const rounds = Array.from({ length: 10 }, () => f.playRound(p, 5_000, 0));
    for (const res of await Promise.all(redeems)) expect([200, 409]).toContain(res.statusCode);
    // A bet may find the balance gone (redeemed first): refused, never a deadlock.
    for (const r of await Promise.allSettled(rounds)) {
      if (r.status === 'rejected') {
        expect(r.reason).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
      }
    }
    const [owed] = await f.rowsOf<{ owed: string | number }>(
      sql`select coalesce(sum(amount - wagered), 0) as owed from sweeps_credits
        where player_id = ${p.playerId} and completed_at is null`,
    );
    const balance = await f.balanceOf(p);
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(Number(owed?.owed)).toBeLessThanOrEqual(balance);
    await f.expectLedgerInvariants();
  });
});

describe('Idempotency-Key on POST /api/payment/invoices/virtual-payout', () => {
  const invoicesOf = async (playerId: string) =>
    f.rowsOf<{ id: string }>(sql`select id from invoices where player_id = ${playerId}`);

  it('10 sequential retries: one invoice, identical bodies, replay marked', async () => {
    const p = await f.player();
    await f.creditWinnings(p, 50_000);
    const key = randomUUID();
    const answers = [];
    for (let i = 0; i < 10; i += 1) answers.push(await f.redeem(p, 10_000, key));
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(answers.map((r) => r.headers['idempotent-replayed'])).toEqual([
      'false',
      ...Array<string>(9).fill('true'),
    ]);
    expect(await invoicesOf(p.playerId)).toHaveLength(1);
    expect(await f.balanceOf(p)).toBe(40_000);
  });

  it('10 concurrent retries: one invoice; every 200 carries the same body', async () => {
    const p = await f.player();
    await f.creditWinnings(p, 50_000);
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 10 }, () => f.redeem(p, 10_000, key)));
    const ok = answers.filter((r) => r.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ok.map((r) => r.body)).size).toBe(1);
    // A duplicate that arrives while the first is still running is told so (409), never run.
    for (const r of answers.filter((a) => a.statusCode !== 200)) {
      expect(r.statusCode).toBe(409);
      expect(errorOf(r).code).toBe('CONFLICT');
    }
    expect(await invoicesOf(p.playerId)).toHaveLength(1);
    expect(await f.balanceOf(p)).toBe(40_000);
    const [row] = await f.rowsOf<{ status: number }>(
      sql`select status from invoices where player_id = ${p.playerId}`,
    );
    expect(Number(row?.status)).toBe(InvoiceStatus.Pending);
    // Afterwards every retry gets the first answer.
    expect((await f.redeem(p, 10_000, key)).body).toBe(ok[0]?.body);
  });

  it('refuses the same key with another body (409), moving nothing', async () => {
    const p = await f.player();
    await f.creditWinnings(p, 50_000);
    const key = randomUUID();
    f.invoiceOf(await f.redeem(p, 10_000, key));
    const other = await f.redeem(p, 20_000, key);
    expect(other.statusCode).toBe(409);
    expect(await f.balanceOf(p)).toBe(40_000);
  });

  it('replays a refusal as it was first answered', async () => {
    const p = await f.player();
    await f.creditWinnings(p, 5_000);
    const key = randomUUID();
    const first = await f.redeem(p, 10_000, key);
    expect(first.statusCode).toBe(409);
    await f.creditWinnings(p, 50_000);
    const again = await f.redeem(p, 10_000, key);
    expect(again.statusCode).toBe(409);
    expect(again.body).toBe(first.body);
  });
});

describe('concurrent decline and settle', () => {
  it('a payout declined and settled at once ends in exactly one outcome', async () => {
    const p = await f.player();
    await f.creditWinnings(p, 50_000);
    const invoice = f.invoiceOf(await f.redeem(p, 20_000));
    const [declined, settled] = await Promise.all([
      f.call('PUT', `/api/payment/invoices/${invoice.id}/decline`, p.token),
      f.settle(invoice.id, 'success'),
    ]);
    expect([declined.statusCode, settled.statusCode].sort()).toEqual([200, 409]);
    expect(await f.balanceOf(p)).toBe(declined.statusCode === 200 ? 50_000 : 30_000);
    await f.expectLedgerInvariants();
  });
});
