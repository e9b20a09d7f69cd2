import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvoiceStatus, adminPlayerProfileSchema } from '@coinfall/shared';
import { createTestApp, type TestApp } from '../test-app.ts';
import {
  CARDS,
  answerThreeDs,
  invoiceOf,
  payPurchase,
  payingPlayer,
  post,
  saveCard,
  startPurchase,
} from '../payment/payment-fixtures.ts';
import { signedInStaff, type SignedInStaff } from './staff-fixtures.ts';

/**
 * Decision 052 (after 046): the back office's player profile lists a purchase refused for an
 * exclusion with its refund — due until the refund job has the provider's answer, then that
 * answer and its reference.
 */
describe('back office: the provider’s refund answer on the player’s invoices', () => {
  let t: TestApp;
  let staff: SignedInStaff;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_KEY_PREFIX: `test:${randomUUID()}:` });
    staff = await signedInStaff(t, 'finance');
  });
  afterAll(async () => t?.close());

  const invoicesOf = async (playerId: string) => {
    const res = await t.app.inject({
      url: `/api/admin/players/${playerId}`,
      headers: staff.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return adminPlayerProfileSchema.parse(res.json()).invoices;
  };

  it('shows the refund due, then the provider’s refund reference', async () => {
    const { token, playerId } = await payingPlayer(t);
    const methodId = await saveCard(t, token, CARDS.threeDs);
    const refused = invoiceOf(
      await payPurchase(t, token, (await startPurchase(t, token)).id, methodId),
    );
    if (refused.nextAction?.type !== 'redirect') throw new Error('no 3-D Secure step');
    const taken = await post(t, '/api/player/protection/break', token, { days: 1 });
    expect(taken.statusCode, taken.body).toBe(200);
    await answerThreeDs(t, refused.nextAction.url, { decision: 'approve' });

    expect((await invoicesOf(playerId)).find((i) => i.id === refused.id)).toMatchObject({
      status: InvoiceStatus.Rejected,
      failureCode: 'player_excluded',
      refund: { status: 'due', reference: null, answeredAt: null },
    });

    expect(await t.app.purchaseRefunds.run()).toMatchObject({ refunded: 1 });
    const answered = (await invoicesOf(playerId)).find((i) => i.id === refused.id);
    expect(answered?.refund?.status).toBe('refunded');
    expect(answered?.refund?.reference).toMatch(/^re_/);
    expect(answered?.refund?.answeredAt).toBeTypeOf('string');
  });
});
