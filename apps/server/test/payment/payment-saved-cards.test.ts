import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { paymentMethodListSchema } from '@coinfall/shared';
import { sandboxPaymentMethods } from '../../src/db/schema/index.ts';
import { withoutQuests } from '../retention/retention-fixtures.ts';
import { createTestApp, type TestApp } from '../test-app.ts';
import {
  CARDS,
  answerThreeDs,
  get,
  invoiceOf,
  payPurchase,
  payingPlayer,
  saveCard,
  startPurchase,
} from './payment-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_KEY_PREFIX: `test:${randomUUID()}:` });
  await withoutQuests(t);
});
afterAll(() => t.close());

/** The ids of the player's saved cards as the site lists them. */
async function savedCards(token: string): Promise<string[]> {
  const res = await get(t, '/api/payment/methods/purchase', token);
  expect(res.statusCode, res.body).toBe(200);
  return paymentMethodListSchema
    .parse(res.json())
    .data.filter((m) => m.type === 'card' && m.fields.some((f) => f.name === 'last4'))
    .map((m) => m.id);
}

const redirectOf = (invoice: ReturnType<typeof invoiceOf>) =>
  invoice.nextAction?.type === 'redirect' ? invoice.nextAction.url : '';

describe('saved cards at the sandbox provider', () => {
  it('keeps the same card once: saving it again answers the card on file', async () => {
    const { token, playerId } = await payingPlayer(t);
    const first = await saveCard(t, token, CARDS.instant);
    const again = await saveCard(t, token, CARDS.instant);
    expect(again).toBe(first);
    const other = await saveCard(t, token, CARDS.threeDs);
    expect(other).not.toBe(first);
    expect((await savedCards(token)).sort()).toEqual([first, other].sort());
    const rows = await t.database.db
      .select()
      .from(sandboxPaymentMethods)
      .where(eq(sandboxPaymentMethods.customerId, playerId));
    expect(rows).toHaveLength(2);

    // Another player saving the same card gets a card of their own.
    const stranger = await payingPlayer(t);
    expect(await saveCard(t, stranger.token, CARDS.instant)).not.toBe(first);
  });

  it('does not keep a new card the bank declines at once', async () => {
    const { token } = await payingPlayer(t);
    const kept = await saveCard(t, token, CARDS.instant);
    const declined = await saveCard(t, token, CARDS.declined);
    const res = await payPurchase(t, token, (await startPurchase(t, token)).id, declined);
    expect(res.statusCode).toBe(402);
    expect(await savedCards(token)).toEqual([kept]);
  });

  it('does not keep a new card failing 3-D Secure, but keeps a card that paid before', async () => {
    const { token } = await payingPlayer(t);
    const card = await saveCard(t, token, CARDS.threeDs);
    const failing = invoiceOf(
      await payPurchase(t, token, (await startPurchase(t, token)).id, card),
    );
    expect((await answerThreeDs(t, redirectOf(failing), { decision: 'fail' })).statusCode).toBe(
      303,
    );
    expect(await savedCards(token)).toEqual([]);

    const proven = await saveCard(t, token, CARDS.threeDs);
    const paid = invoiceOf(await payPurchase(t, token, (await startPurchase(t, token)).id, proven));
    await answerThreeDs(t, redirectOf(paid), { decision: 'approve' });
    const later = invoiceOf(
      await payPurchase(t, token, (await startPurchase(t, token)).id, proven),
    );
    await answerThreeDs(t, redirectOf(later), { decision: 'fail' });
    expect(await savedCards(token)).toEqual([proven]);
  });
});
