import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminBigDepositListSchema } from '@coinfall/shared';
import { failedFields } from '../player/player-fixtures.ts';
import { CARDS, invoiceOf, payingPlayer, post, saveCard } from '../payment/payment-fixtures.ts';
import { createTestApp, type TestApp } from '../test-app.ts';
import { signedInStaff, type SignedInStaff } from './staff-fixtures.ts';

/** Finance reads the big-deposit alerts the payment module raises (decision 043). */
let t: TestApp;
let finance: SignedInStaff;
beforeAll(async () => {
  t = await createTestApp({
    RATE_LIMIT_KEY_PREFIX: `test:${randomUUID()}:`,
    RATE_LIMIT_PER_MINUTE: '100000',
  });
  finance = await signedInStaff(t, 'finance');
});
afterAll(async () => t?.close());

const list = (query: string, staff = finance) =>
  t.app.inject({ method: 'GET', url: `/api/admin/big-deposits${query}`, headers: staff.headers });

describe('GET /api/admin/big-deposits', () => {
  it('lists the alert of the purchase that crossed the threshold, with the player, newest first', async () => {
    const { token, playerId } = await payingPlayer(t);
    const card = await saveCard(t, token, CARDS.instant);
    const pay = (amount: number) =>
      post(t, '/api/payment/invoices/deposit', token, {
        amount,
        currency: 'USD',
        paymentMethodId: card,
      });
    invoiceOf(await pay(20_000));
    const crossing = invoiceOf(await pay(15_000));

    const res = await list(`?playerId=${playerId}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = adminBigDepositListSchema.parse(res.json());
    expect(body.thresholdBase).toBe(30_000);
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({
      playerId,
      invoiceId: crossing.id,
      amount: 15_000,
      currency: 'USD',
      totalBase: 35_000,
    });
    expect(body.data[0]!.playerEmail).toContain('@');

    // A higher amount than this total leaves it out.
    const higher = adminBigDepositListSchema.parse(
      (await list(`?playerId=${playerId}&minTotal=40000`)).json(),
    );
    expect(higher.data).toEqual([]);
  });

  it('answers 400 naming the field, and 403 to marketing', async () => {
    const bad = await list('?minTotal=-5&playerId=nope');
    expect(bad.statusCode).toBe(400);
    expect(failedFields(bad).sort()).toEqual(['query.minTotal', 'query.playerId']);
    const marketing = await signedInStaff(t, 'marketing');
    expect((await list('', marketing)).statusCode).toBe(403);
  });
});
