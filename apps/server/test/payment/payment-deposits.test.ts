import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { InvoiceStatus, WalletAccountStatus, walletAccountListSchema } from '@coinfall/shared';
import { bigDepositAlerts, invoices, players } from '../../src/db/schema/index.ts';
import { runLedgerInvariants } from '../../src/modules/ledger/ledger-invariants.repo.ts';
import type { WebhookEvent } from '../../src/modules/payment/payment-provider.ts';
import { bearer, errorOf, failedFields, login, PASSWORD } from '../player/player-fixtures.ts';
import { createTestApp, type TestApp } from '../test-app.ts';
import {
  CARDS,
  balances,
  deliverWebhook,
  get,
  invoiceOf,
  payingPlayer,
  post,
  saveCard,
  withWelcome,
} from './payment-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    RATE_LIMIT_KEY_PREFIX: `test:${randomUUID()}:`,
    RATE_LIMIT_PER_MINUTE: '100000',
  });
});
afterAll(() => t.close());

const deposit = (app: TestApp, token: string, body: object) =>
  post(app, '/api/payment/invoices/deposit', token, body);
const invoiceRow = async (id: string) =>
  (await t.database.db.select().from(invoices).where(eq(invoices.id, id)))[0];
const sandbox = (path: string) => t.app.inject({ method: 'POST', url: `/sandbox-cashier${path}` });

describe('POST /api/payment/invoices/deposit (crypto)', () => {
  it('BTC: address → transfer → confirmations → credited once at 2', async () => {
    const { token } = await payingPlayer(t);
    const invoice = invoiceOf(
      await deposit(t, token, { amount: 100_000, currency: 'BTC', paymentMethodId: 'crypto:BTC' }),
    );
    expect(invoice).toMatchObject({
      status: InvoiceStatus.Pending,
      paymentMethod: { id: 'crypto:BTC', type: 'crypto' },
      nextAction: { type: 'crypto_address', confirmationsRequired: 2, confirmations: 0 },
    });
    const address = invoice.nextAction?.type === 'crypto_address' ? invoice.nextAction.address : '';
    expect(address).toMatch(/^tb1q[a-z0-9]{32}$/);

    expect((await sandbox(`/crypto/${address}/transfer`)).statusCode).toBe(200);
    expect(await invoiceRow(invoice.id)).toMatchObject({
      status: InvoiceStatus.Processing,
      nextAction: { confirmations: 0 },
    });
    expect((await sandbox(`/crypto/${address}/transfer`)).statusCode).toBe(409);
    await sandbox(`/crypto/${address}/confirm`);
    expect(await invoiceRow(invoice.id)).toMatchObject({
      status: InvoiceStatus.Processing,
      nextAction: { confirmations: 1 },
    });
    expect((await balances(t, token)).BTC).toBeUndefined();
    const last = await sandbox(`/crypto/${address}/confirm`);
    expect(last.json()).toMatchObject({ status: 'succeeded', confirmations: 2 });
    expect(await invoiceRow(invoice.id)).toMatchObject({
      status: InvoiceStatus.Success,
      amountBase: 9_725,
    });
    expect((await sandbox(`/crypto/${address}/confirm`)).statusCode).toBe(409);
    expect(await balances(t, token)).toEqual(withWelcome({ BTC: 100_000 }));
  });

  it('a confirmation that overtakes the deposit’s address is refused whole, then applied when delivered again', async () => {
    const { token } = await payingPlayer(t);
    const invoice = invoiceOf(
      await deposit(t, token, { amount: 100_000, currency: 'BTC', paymentMethodId: 'crypto:BTC' }),
    );
    const saved = await invoiceRow(invoice.id);
    // As if the provider's answer (address, confirmations needed) were not written yet.
    await t.database.db
      .update(invoices)
      .set({ nextAction: null, providerRef: null })
      .where(eq(invoices.id, invoice.id));
    const event: WebhookEvent = {
      id: `evt_${randomUUID()}`,
      type: 'crypto.confirmation',
      providerRef: saved!.providerRef!,
      invoiceId: invoice.id,
      amount: invoice.amount,
      currency: invoice.currency,
      sequence: 5,
      occurredAt: new Date().toISOString(),
      confirmations: 2,
    };
    expect((await deliverWebhook(t, event)).statusCode).toBe(503);
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: InvoiceStatus.Pending });

    await t.database.db
      .update(invoices)
      .set({ nextAction: saved!.nextAction, providerRef: saved!.providerRef })
      .where(eq(invoices.id, invoice.id));
    const again = await deliverWebhook(t, event);
    expect(again.json()).toEqual({ received: true, outcome: 'applied' });
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: InvoiceStatus.Success });
    expect(await balances(t, token)).toEqual(withWelcome({ BTC: 100_000 }));
  });

  it('ETH needs 3 confirmations', async () => {
    const { token } = await payingPlayer(t);
    const invoice = invoiceOf(
      await deposit(t, token, {
        amount: 10_000_000,
        currency: 'ETH',
        paymentMethodId: 'crypto:ETH',
      }),
    );
    const address = invoice.nextAction?.type === 'crypto_address' ? invoice.nextAction.address : '';
    expect(address).toMatch(/^0x[0-9a-f]{40}$/);
    await sandbox(`/crypto/${address}/transfer`);
    await sandbox(`/crypto/${address}/confirm`);
    await sandbox(`/crypto/${address}/confirm`);
    expect((await balances(t, token)).ETH).toBeUndefined();
    await sandbox(`/crypto/${address}/confirm`);
    expect(await balances(t, token)).toEqual(withWelcome({ ETH: 10_000_000 }));
  });

  it('refuses bad input naming the field, anonymous and blocked players', async () => {
    const { token, playerId } = await payingPlayer(t);
    const card = await saveCard(t, token, CARDS.instant);
    const noKey = await post(
      t,
      '/api/payment/invoices/deposit',
      token,
      { amount: 100, currency: 'USD', paymentMethodId: card },
      null,
    );
    expect(failedFields(noKey)).toEqual(['headers.idempotency-key']);
    expect(
      failedFields(await deposit(t, token, { amount: -1, currency: 'USD', paymentMethodId: card })),
    ).toEqual(['body.amount']);
    expect(
      failedFields(
        await deposit(t, token, { amount: 100, currency: 'BTC', paymentMethodId: card }),
      ),
    ).toEqual(['body.currency']);
    expect(
      failedFields(
        await deposit(t, token, { amount: 1, currency: 'BTC', paymentMethodId: 'crypto:BTC' }),
      ),
    ).toEqual(['body.amount']);
    expect(
      failedFields(
        await deposit(t, token, { amount: 100, currency: 'USD', paymentMethodId: 'pm_nope' }),
      ),
    ).toEqual(['body.paymentMethodId']);
    expect((await post(t, '/api/payment/invoices/deposit', null, {})).statusCode).toBe(401);
    await t.database.db.update(players).set({ status: 3 }).where(eq(players.id, playerId));
    const blocked = await deposit(t, token, {
      amount: 100,
      currency: 'USD',
      paymentMethodId: card,
    });
    expect(errorOf(blocked).code).toBe('ACCOUNT_BLOCKED');
  });
});

describe('big-deposit alert', () => {
  const alertsOf = (app: TestApp, playerId: string) =>
    app.database.db.select().from(bigDepositAlerts).where(eq(bigDepositAlerts.playerId, playerId));

  it('is recorded once, as not_configured, when 24 h deposits reach 300.00 without a webhook URL', async () => {
    const { token, playerId } = await payingPlayer(t);
    const card = await saveCard(t, token, CARDS.instant);
    const pay = (amount: number) =>
      deposit(t, token, { amount, currency: 'USD', paymentMethodId: card });
    invoiceOf(await pay(20_000));
    expect(await alertsOf(t, playerId)).toEqual([]);
    const crossing = invoiceOf(await pay(10_000));
    invoiceOf(await pay(5_000));
    expect(await alertsOf(t, playerId)).toMatchObject([
      { invoiceId: crossing.id, totalBase: 30_000, delivery: 'not_configured' },
    ]);
  });

  it('posts Slack blocks once to /slack/big-debs under SLACK_WEBHOOK_URL, and records sent', async () => {
    const received: { path: string; body: unknown }[] = [];
    const server: Server = createServer((req, res) => {
      let data = '';
      req.on('data', (chunk: Buffer) => (data += chunk.toString()));
      req.on('end', () => {
        received.push({ path: req.url ?? '', body: JSON.parse(data) as unknown });
        res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const s = await createTestApp({
      RATE_LIMIT_KEY_PREFIX: `test:${randomUUID()}:`,
      SLACK_WEBHOOK_URL: `http://127.0.0.1:${port}`,
    });
    try {
      const { token, playerId } = await payingPlayer(s, { nickname: undefined });
      const card = await saveCard(s, token, CARDS.instant);
      const pay = (amount: number) =>
        deposit(s, token, { amount, currency: 'USD', paymentMethodId: card });
      const crossing = invoiceOf(await pay(30_000));
      invoiceOf(await pay(100));
      expect(received).toHaveLength(1);
      expect(received[0]?.path).toBe('/slack/big-debs');
      const body = JSON.stringify(received[0]?.body);
      expect(body).toContain('"type":"header"');
      expect(body).toContain(playerId);
      expect(body).toContain('300.00 USD');
      expect(body).toContain(crossing.id);
      expect(await alertsOf(s, playerId)).toMatchObject([
        { invoiceId: crossing.id, delivery: 'sent' },
      ]);
    } finally {
      await s.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('login flow: the default account of a non-purchaser', () => {
  const accounts = async (token: string) =>
    walletAccountListSchema.parse((await get(t, '/api/wallet/accounts', token)).json()).data;
  const switchTo = async (token: string, currency: string) => {
    // Opened at registration by the welcome coins when it is SC (decision 024), else here.
    const held = (await accounts(token)).find((a) => a.currency === currency);
    const open = held
      ? undefined
      : await t.app.inject({
          method: 'POST',
          url: '/api/wallet/accounts',
          headers: bearer(token),
          payload: { currency },
        });
    const id = held?.id ?? open!.json<{ id: string }>().id;
    await t.app.inject({
      method: 'PUT',
      url: `/api/wallet/accounts/${id}/switch`,
      headers: bearer(token),
    });
  };
  const activeAfterLogin = async (email: string) => {
    const res = await login(t, email, PASSWORD, '203.0.113.7');
    expect(res.statusCode, res.body).toBe(200);
    const token = res.json<{ accessToken: string }>().accessToken;
    return (await accounts(token)).find((a) => a.status === WalletAccountStatus.Active)?.currency;
  };

  it('activates GC again at login for a player who never purchased', async () => {
    const { token, email } = await payingPlayer(t);
    await switchTo(token, 'SC');
    expect((await accounts(token)).find((a) => a.status === 1)?.currency).toBe('SC');
    expect(await activeAfterLogin(email)).toBe('GC');
  });

  it('leaves a purchaser’s active account as it is', async () => {
    const { token, email, playerId } = await payingPlayer(t);
    await switchTo(token, 'SC');
    await t.database.db
      .update(players)
      .set({ segmentIds: [1] })
      .where(eq(players.id, playerId));
    expect(await activeAfterLogin(email)).toBe('SC');
  });
});

describe('ledger invariants', () => {
  it('L3: hold after the deposits above', async () => {
    const results = await runLedgerInvariants(t.database.db);
    expect(results.filter((r) => r.violations > 0)).toEqual([]);
  });
});
