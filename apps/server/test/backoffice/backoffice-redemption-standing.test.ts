import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvoiceStatus, PlayerStatus, invoiceSchema } from '@coinfall/shared';
import { players } from '../../src/db/schema/index.ts';
import { redemptionFixtures, type TestPlayer } from '../redemption/redemption-fixtures.ts';
import { createTestApp, operatorHeaders, type TestApp } from '../test-app.ts';
import { errorOf } from '../player/player-fixtures.ts';
import { signedInStaff, type SignedInStaff } from './staff-fixtures.ts';

/**
 * Decision 052: a pending payout is checked again when staff approve it — the player's block or
 * Limited status, a break or self-exclusion in force, the jurisdiction's redemption rule (its
 * wind-down window open counting as allowed). A refusal names why and sends nothing.
 */
describe('back office: approving a payout re-checks the player’s standing', () => {
  let t: TestApp;
  let fx: ReturnType<typeof redemptionFixtures>;
  let finance: SignedInStaff;
  beforeAll(async () => {
    t = await createTestApp();
    fx = redemptionFixtures(t);
    finance = await signedInStaff(t, 'finance');
  });
  afterAll(async () => t?.close());

  const approve = (invoiceId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/redemptions/${invoiceId}/approve`,
      headers: finance.headers,
    });
  const refusalOf = async (invoiceId: string) => {
    const res = await approve(invoiceId);
    return { status: res.statusCode, ...(errorOf(res) as { code: string; message: string }) };
  };
  const update = (p: TestPlayer, set: Partial<typeof players.$inferInsert>) =>
    t.database.db.update(players).set(set).where(eq(players.id, p.playerId));

  /** A player in Texas with a pending SC redemption. */
  async function pendingPayout() {
    const p = await fx.player();
    await update(p, { country: 'US', region: 'TX' });
    await fx.creditWinnings(p, 20_000);
    const invoice = fx.invoiceOf(await fx.redeem(p, 20_000));
    expect(invoice.status).toBe(InvoiceStatus.Pending);
    return { p, invoice };
  }

  /** The invoice as stored: still pending, nothing sent to the provider. */
  const stored = async (invoiceId: string) => {
    const [row] = await fx.rowsOf<{ status: number; provider_ref: string | null }>(
      sql`select status, provider_ref from invoices where id = ${invoiceId}`,
    );
    return row;
  };

  it('refuses while the account is blocked or Limited, naming why; approves once lifted', async () => {
    const { p, invoice } = await pendingPayout();
    await update(p, { status: PlayerStatus.Blocked });
    const blocked = await refusalOf(invoice.id);
    expect(blocked).toMatchObject({ status: 403, code: 'ACCOUNT_BLOCKED' });
    expect(blocked.message).toContain('blocked');
    await update(p, { status: PlayerStatus.Limited });
    expect(await refusalOf(invoice.id)).toMatchObject({ status: 403, code: 'ACCOUNT_LIMITED' });
    expect(await stored(invoice.id)).toEqual({
      status: InvoiceStatus.Pending,
      provider_ref: null,
    });

    await update(p, { status: PlayerStatus.Active });
    const approved = await approve(invoice.id);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(invoiceSchema.parse(approved.json()).status).toBe(InvoiceStatus.Processing);
  });

  it('refuses during a break or self-exclusion, with its end', async () => {
    const { p, invoice } = await pendingPayout();
    const until = new Date(Date.now() + 3 * 86_400_000);
    await update(p, { excludedUntil: until });
    const refused = await refusalOf(invoice.id);
    expect(refused).toMatchObject({
      status: 403,
      code: 'PLAYER_EXCLUDED',
      details: { endsAt: until.toISOString() },
    });
    expect(refused.message).toContain(until.toISOString());
    expect((await stored(invoice.id))?.status).toBe(InvoiceStatus.Pending);
    // A break that has ended refuses nothing.
    await update(p, { excludedUntil: new Date(Date.now() - 60_000) });
    expect((await approve(invoice.id)).statusCode).toBe(200);
  });

  it('refuses where the player’s place refuses redemptions; a wind-down window still open allows', async () => {
    const { p, invoice } = await pendingPayout();
    await update(p, { region: 'WA' });
    const here = await refusalOf(invoice.id);
    expect(here).toMatchObject({
      status: 403,
      code: 'REDEMPTION_NOT_ALLOWED',
      details: { country: 'US', region: 'WA' },
    });
    expect(here.message).toContain('WA, US');
    expect(await stored(invoice.id)).toEqual({
      status: InvoiceStatus.Pending,
      provider_ref: null,
    });

    const putVermont = (windDownUntil: Date) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/dev/protection/jurisdictions',
        headers: operatorHeaders(),
        payload: {
          country: 'US',
          region: 'VT',
          sweepsPlay: false,
          purchaseBonuses: false,
          redemptions: false,
          effectiveFrom: '2026-01-01T00:00:00.000Z',
          redemptionWindDownUntil: windDownUntil.toISOString(),
          note: 'test wind-down',
        },
      });
    // The window closed: refused; open: approved.
    expect((await putVermont(new Date(Date.now() - 60_000))).statusCode).toBe(200);
    await update(p, { region: 'VT' });
    expect((await refusalOf(invoice.id)).code).toBe('REDEMPTION_NOT_ALLOWED');
    expect((await putVermont(new Date(Date.now() + 30 * 86_400_000))).statusCode).toBe(200);
    const approved = await approve(invoice.id);
    expect(approved.statusCode, approved.body).toBe(200);
  });
});
