import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  InvoiceStatus,
  InvoiceType,
  adminPlayerProfileSchema,
  adminRedemptionListSchema,
  auditListSchema,
  errorBodySchema,
  invoiceSchema,
} from '@coinfall/shared';
import { paymentKey } from '../../src/modules/payment-sandbox/payment-sandbox.fns.ts';
import { redemptionFixtures } from '../redemption/redemption-fixtures.ts';
import { createClockedApp, createTestApp, holdLock, type TestApp } from '../test-app.ts';
import { errorCode, errorMessage, signedInStaff, type SignedInStaff } from './staff-fixtures.ts';

describe('back office: the redemptions queue (issue 17)', () => {
  let t: TestApp;
  let fx: ReturnType<typeof redemptionFixtures>;
  let finance: SignedInStaff;
  beforeAll(async () => {
    t = await createTestApp();
    fx = redemptionFixtures(t);
    finance = await signedInStaff(t, 'finance');
  });
  afterAll(async () => t?.close());

  const post = (url: string, payload?: object) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: finance.headers,
      ...(payload ? { payload } : {}),
    });
  /** The audit rows about a target, as an admin reads them. */
  const auditOf = async (targetId: string) => {
    const admin = await signedInStaff(t, 'admin');
    return auditListSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/admin/audit?targetId=${targetId}`,
          headers: admin.headers,
        })
      ).json(),
    );
  };
  const queue = async () =>
    adminRedemptionListSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/admin/redemptions?perPage=100',
          headers: finance.headers,
        })
      ).json(),
    );

  it('approves a redemption and the provider pays it out, end to end', async () => {
    const player = await fx.player();
    const start = await fx.balanceOf(player);
    await fx.creditWinnings(player, 20_000);
    const invoice = fx.invoiceOf(await fx.redeem(player, 20_000));
    expect(await fx.balanceOf(player)).toBe(start);

    const listed = (await queue()).data.find((r) => r.invoiceId === invoice.id);
    expect(listed?.risk).toMatchObject({
      kycVerified: true,
      emailConfirmed: true,
      phoneConfirmed: true,
    });

    const approved = await post(`/api/admin/redemptions/${invoice.id}/approve`);
    expect(approved.statusCode).toBe(200);
    expect(invoiceSchema.parse(approved.json()).status).toBe(InvoiceStatus.Processing);
    expect((await queue()).data.some((r) => r.invoiceId === invoice.id)).toBe(false);
    // Approving again: it is no longer waiting.
    expect((await post(`/api/admin/redemptions/${invoice.id}/approve`)).statusCode).toBe(409);
    // Nor can it be rejected now: the provider may be sending the money (the coins stay held).
    const late = await post(`/api/admin/redemptions/${invoice.id}/reject`, { reason: 'too late' });
    expect(late.statusCode, late.body).toBe(409);
    expect(await fx.balanceOf(player)).toBe(start);
    // The player's profile lists the redemption (an SC payout) with its new state.
    const profile = await t.app.inject({
      url: `/api/admin/players/${player.playerId}`,
      headers: finance.headers,
    });
    expect(adminPlayerProfileSchema.parse(profile.json()).invoices).toContainEqual(
      expect.objectContaining({
        id: invoice.id,
        type: InvoiceType.VirtualPayout,
        status: InvoiceStatus.Processing,
      }),
    );

    // The sandbox provider completes the payout; its webhook settles the invoice.
    const [row] = await fx.rowsOf<{ provider_ref: string }>(
      sql`select provider_ref from invoices where id = ${invoice.id}`,
    );
    const ref = row!.provider_ref;
    const key = paymentKey(t.config.paymentSandbox!.webhookSecret, ref);
    const settled = await t.app.inject({
      method: 'POST',
      url: `/sandbox-cashier/payouts/${ref}/settle?key=${key}`,
      payload: { outcome: 'succeeded' },
    });
    expect(settled.statusCode).toBe(200);
    await expect
      .poll(async () => {
        const [r] = await fx.rowsOf<{ status: number }>(
          sql`select status from invoices where id = ${invoice.id}`,
        );
        return r?.status;
      })
      .toBe(InvoiceStatus.Success);
    expect(await fx.balanceOf(player)).toBe(start);
    await fx.expectLedgerInvariants();
  });

  it('rejects with a reason: the held money goes back and the audit keeps why', async () => {
    const player = await fx.player();
    const start = await fx.balanceOf(player);
    await fx.creditWinnings(player, 15_000);
    const invoice = fx.invoiceOf(await fx.redeem(player, 15_000));
    const noReason = await post(`/api/admin/redemptions/${invoice.id}/reject`, {});
    expect(noReason.statusCode).toBe(400);
    expect(errorCode(noReason.body)).toBe('VALIDATION_FAILED');

    const rejected = await post(`/api/admin/redemptions/${invoice.id}/reject`, {
      reason: 'documents do not match',
    });
    expect(rejected.statusCode).toBe(200);
    expect(invoiceSchema.parse(rejected.json()).status).toBe(InvoiceStatus.Rejected);
    expect(await fx.balanceOf(player)).toBe(start + 15_000);

    const audit = await auditOf(invoice.id);
    expect(audit.data).toHaveLength(1);
    expect(audit.data[0]).toMatchObject({
      action: 'redemption.rejected',
      reason: 'documents do not match',
      staffId: finance.id,
      before: { status: InvoiceStatus.Pending },
      after: { status: InvoiceStatus.Rejected },
    });
    await fx.expectLedgerInvariants();
  });

  const decline = (player: { token: string }, invoiceId: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/payment/invoices/${invoiceId}/decline`,
      headers: { authorization: `Bearer ${player.token}` },
    });
  const claimOf = async (invoiceId: string) => {
    const [row] = await fx.rowsOf<{ status: number; payout_sent_at: Date | string | null }>(
      sql`select status, payout_sent_at from invoices where id = ${invoiceId}`,
    );
    return row!;
  };

  it('a payout the provider refuses is pending again: the player may decline it', async () => {
    const player = await fx.player();
    await fx.rowsOf(
      sql`update players set email = ${`p${Date.now()}+payout-refused@example.com`}
          where id = ${player.playerId}`,
    );
    const start = await fx.balanceOf(player);
    await fx.creditWinnings(player, 12_000);
    const invoice = fx.invoiceOf(await fx.redeem(player, 12_000));

    const refused = await post(`/api/admin/redemptions/${invoice.id}/approve`);
    expect(refused.statusCode, refused.body).toBe(402);
    expect(errorCode(refused.body)).toBe('PAYMENT_DECLINED');
    expect(await claimOf(invoice.id)).toEqual({
      status: InvoiceStatus.Pending,
      payout_sent_at: null,
    });
    expect((await queue()).data.find((r) => r.invoiceId === invoice.id)?.sentAt).toBeNull();

    const declined = await decline(player, invoice.id);
    expect(declined.statusCode, declined.body).toBe(200);
    expect(await fx.balanceOf(player)).toBe(start + 12_000);
    await fx.expectLedgerInvariants();
  });

  /**
   * Holds the provider's payout calls in flight: a lock on the sandbox's payments table, taken on
   * a connection of its own (so PostgreSQL only: the embedded database has one connection).
   * Lookups (`findPayout`) still read; inserts wait until `release()`; `holder` ends after.
   */
  const holdSandboxPayments = () => holdLock(t, sql`lock table sandbox_payments in exclusive mode`);

  it.skipIf(!process.env.DATABASE_URL)(
    'while an approval waits on the provider, the player cannot decline, nor staff reject or approve again',
    async () => {
      const player = await fx.player();
      const start = await fx.balanceOf(player);
      await fx.creditWinnings(player, 11_000);
      const invoice = fx.invoiceOf(await fx.redeem(player, 11_000));

      const { release, holder } = await holdSandboxPayments();
      try {
        const approving = post(`/api/admin/redemptions/${invoice.id}/approve`);
        await expect.poll(async () => (await claimOf(invoice.id)).payout_sent_at).not.toBeNull();

        const listed = (await queue()).data.find((r) => r.invoiceId === invoice.id);
        expect(listed?.sentAt).toEqual(expect.any(String));
        const declined = await decline(player, invoice.id);
        expect(declined.statusCode, declined.body).toBe(409);
        // The site says why (redeem texts' cancelSending), not a generic failure.
        expect(errorBodySchema.parse(declined.json()).details).toMatchObject({ reason: 'sending' });
        const rejected = await post(`/api/admin/redemptions/${invoice.id}/reject`, {
          reason: 'changed my mind',
        });
        expect(rejected.statusCode, rejected.body).toBe(409);
        const again = await post(`/api/admin/redemptions/${invoice.id}/approve`);
        expect(again.statusCode, again.body).toBe(409);
        expect(errorMessage(again.body)).toMatch(/Another approval/);
        expect(await fx.balanceOf(player)).toBe(start);

        release();
        const approved = await approving;
        expect(approved.statusCode, approved.body).toBe(200);
        expect(invoiceSchema.parse(approved.json()).status).toBe(InvoiceStatus.Processing);
      } finally {
        release();
        await holder;
      }
      expect(await fx.balanceOf(player)).toBe(start);
      await fx.expectLedgerInvariants();
    },
  );

  // The quiet approval's request is held on its way to the provider (the lock, as above) while a
  // second node, five minutes on, finds the provider holds nothing and the payout is rejected.
  it.skipIf(!process.env.DATABASE_URL)(
    'a quiet approval’s request that reaches the provider after the payout was rejected is refused: nothing is paid',
    async () => {
      const player = await fx.player();
      const start = await fx.balanceOf(player);
      await fx.creditWinnings(player, 12_000);
      const invoice = fx.invoiceOf(await fx.redeem(player, 12_000));
      const { app: clocked, clock } = await createClockedApp(t);
      const { release, holder } = await holdSandboxPayments();
      try {
        const onClocked = (url: string, payload?: object) =>
          clocked.inject({
            method: 'POST',
            url,
            headers: finance.headers,
            ...(payload ? { payload } : {}),
          });
        const approving = onClocked(`/api/admin/redemptions/${invoice.id}/approve`);
        await expect.poll(async () => (await claimOf(invoice.id)).payout_sent_at).not.toBeNull();

        clock.ms += 5 * 60_000;
        const rejected = await onClocked(`/api/admin/redemptions/${invoice.id}/reject`, {
          reason: 'approval went quiet',
        });
        expect(rejected.statusCode, rejected.body).toBe(200);
        expect(await fx.balanceOf(player)).toBe(start + 12_000);

        release();
        const approved = await approving;
        expect(approved.statusCode, approved.body).toBe(402);
        expect(errorBodySchema.parse(approved.json())).toMatchObject({
          code: 'PAYMENT_DECLINED',
          details: { failureCode: 'request_expired' },
        });
      } finally {
        release();
        await holder;
        await clocked.close();
      }
      expect(await sandboxPayouts(invoice.id)).toEqual([]);
      expect(await claimOf(invoice.id)).toMatchObject({ status: InvoiceStatus.Rejected });
      expect(await fx.balanceOf(player)).toBe(start + 12_000);
      await fx.expectLedgerInvariants();
    },
  );

  /** As if the approval that claimed it went quiet (its node gone) five minutes ago. */
  const lapseClaim = (invoiceId: string) =>
    fx.rowsOf(
      sql`update invoices set status = ${InvoiceStatus.Pending}, provider_ref = null,
            payout_sent_at = now() - interval '5 minutes'
          where id = ${invoiceId}`,
    );
  const sandboxPayouts = async (invoiceId: string) =>
    (
      await fx.rowsOf<{ ref: string }>(
        sql`select ref from sandbox_payments where kind = 'payout' and invoice_id = ${invoiceId}`,
      )
    ).map((r) => r.ref);

  it('a quiet approval’s claim the provider never received: reject releases the coins', async () => {
    const player = await fx.player();
    const start = await fx.balanceOf(player);
    await fx.creditWinnings(player, 13_000);
    const invoice = fx.invoiceOf(await fx.redeem(player, 13_000));
    await lapseClaim(invoice.id);
    // The player may not decline it: the provider might be paying.
    expect((await decline(player, invoice.id)).statusCode).toBe(409);

    const rejected = await post(`/api/admin/redemptions/${invoice.id}/reject`, {
      reason: 'sent nowhere',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await fx.balanceOf(player)).toBe(start + 13_000);
    expect(await sandboxPayouts(invoice.id)).toEqual([]);
    await fx.expectLedgerInvariants();
  });

  it('a quiet approval’s claim the provider holds: approve and reject find it, nothing is sent twice', async () => {
    const player = await fx.player();
    const start = await fx.balanceOf(player);
    await fx.creditWinnings(player, 14_000);
    const invoice = fx.invoiceOf(await fx.redeem(player, 14_000));
    expect((await post(`/api/admin/redemptions/${invoice.id}/approve`)).statusCode).toBe(200);
    const [ref] = await sandboxPayouts(invoice.id);
    // The provider took it, but the approval's last step never happened.
    await lapseClaim(invoice.id);

    const rejected = await post(`/api/admin/redemptions/${invoice.id}/reject`, {
      reason: 'too late',
    });
    expect(rejected.statusCode, rejected.body).toBe(409);
    expect(await claimOf(invoice.id)).toMatchObject({ status: InvoiceStatus.Processing });
    expect(await fx.balanceOf(player)).toBe(start);
    // The reject that found it moved the payout: the audit keeps who and why.
    const audit = await auditOf(invoice.id);
    expect(audit.data.map((row) => [row.action, row.before, row.after])).toContainEqual([
      'redemption.approved',
      { status: InvoiceStatus.Pending },
      { status: InvoiceStatus.Processing },
    ]);
    expect(audit.data.find((row) => row.reason !== null)?.reason).toMatch(/went quiet/);

    await lapseClaim(invoice.id);
    const approved = await post(`/api/admin/redemptions/${invoice.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(invoiceSchema.parse(approved.json()).status).toBe(InvoiceStatus.Processing);
    expect(await sandboxPayouts(invoice.id)).toEqual([ref]);
    expect(await fx.balanceOf(player)).toBe(start);
  });

  it('a quiet approval’s claim of a player since limited: the provider has none, the approval is refused and the payout can be rejected', async () => {
    const player = await fx.player();
    await fx.creditWinnings(player, 15_000);
    const invoice = fx.invoiceOf(await fx.redeem(player, 15_000));
    await lapseClaim(invoice.id);
    await fx.rowsOf(sql`update players set status = 2 where id = ${player.playerId}`);
    const approved = await post(`/api/admin/redemptions/${invoice.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(403);
    expect(errorCode(approved.body)).toBe('ACCOUNT_LIMITED');
    expect(await claimOf(invoice.id)).toEqual({
      status: InvoiceStatus.Pending,
      payout_sent_at: null,
    });
    const rejected = await post(`/api/admin/redemptions/${invoice.id}/reject`, {
      reason: 'account limited',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
  });
});
