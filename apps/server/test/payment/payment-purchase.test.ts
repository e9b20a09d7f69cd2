import { createHash, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  InvoiceStatus,
  PurchaseStatus,
  bundlePurchaseListSchema,
  paymentMethodListSchema,
  WELCOME_COINS,
} from '@coinfall/shared';
import {
  bundlePurchases,
  domainEvents,
  invoices,
  players,
  sandboxPaymentMethods,
  sweepsCredits,
} from '../../src/db/schema/index.ts';
import { runLedgerInvariants } from '../../src/modules/ledger/ledger-invariants.repo.ts';
import { paymentKey } from '../../src/modules/payment-sandbox/payment-sandbox.fns.ts';
import { withoutQuests } from '../retention/retention-fixtures.ts';
import { createTestApp, type TestApp } from '../test-app.ts';
import { bearer, errorOf, failedFields } from '../player/player-fixtures.ts';
import {
  CARDS,
  answerThreeDs,
  balances,
  bundleByIdentity,
  bundles,
  get,
  invoiceOf,
  payPurchase,
  payingPlayer,
  post,
  saveCard,
  startPurchase,
  withWelcome,
} from './payment-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_KEY_PREFIX: `test:${randomUUID()}:` });
  // Balances here are exact: the first-purchase quest's coins would land in them (decision 028).
  await withoutQuests(t);
});
afterAll(() => t.close());

const purchaseRow = async (id: string) =>
  (await t.database.db.select().from(bundlePurchases).where(eq(bundlePurchases.id, id)))[0];
const invoiceRow = async (id: string) =>
  (await t.database.db.select().from(invoices).where(eq(invoices.id, id)))[0];
/** The hosted page's path and query (its key), as the browser opens it. */
const hosted = (url: string) => `${new URL(url).pathname}${new URL(url).search}`;
const keyOf = (ref: string) => paymentKey(t.config.paymentSandbox?.webhookSecret ?? '', ref);
const segmentsOf = async (playerId: string) =>
  (await t.database.db.select().from(players).where(eq(players.id, playerId)))[0]?.segmentIds;

describe('OpenAPI', () => {
  it('documents every shop and payment route with tags, a 200 schema and, when protected, security', async () => {
    type Operation = { tags?: string[]; security?: unknown[]; responses?: Record<string, unknown> };
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, Operation>>;
    }>();
    const expected: [string, string, boolean][] = [
      ['/api/shop/bundles', 'get', false],
      ['/api/shop/purchases', 'get', true],
      ['/api/shop/purchases', 'post', true],
      ['/api/payment/methods/purchase', 'get', true],
      ['/api/payment/invoices/purchase', 'post', true],
      ['/api/payment/invoices/deposit', 'post', true],
      ['/api/payment/invoices/{id}/cancel', 'put', true],
      ['/api/payment/webhooks/{provider}', 'post', false],
      ['/sandbox-cashier/DirectCashier/PaymentMethod', 'post', false],
      ['/sandbox-cashier/crypto/{address}/transfer', 'post', false],
    ];
    for (const [path, method, secured] of expected) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op?.tags?.length, `${method} ${path} tags`).toBeGreaterThan(0);
      expect(op?.responses?.['200'], `${method} ${path} 200`).toBeDefined();
      expect(Boolean(op?.security), `${method} ${path} security`).toBe(secured);
    }
  });
});

describe('GET /api/shop/bundles', () => {
  it('lists the bundles on sale to anyone, by position, paged', async () => {
    const list = await bundles(t);
    expect(list.map((b) => b.identity)).toEqual([
      'starter',
      'bronze',
      'silver',
      'gold',
      'platinum',
      'diamond',
    ]);
    const page = await get(t, '/api/shop/bundles?active=1&perPage=2&page=2');
    expect(page.json()).toMatchObject({
      data: [{ identity: 'silver' }, { identity: 'gold' }],
      meta: { page: 2, perPage: 2, totalPages: 3, totalRows: 6 },
    });
  });

  it('answers 400 naming the field for a perPage over 1000', async () => {
    const res = await get(t, '/api/shop/bundles?perPage=1001');
    expect(res.statusCode).toBe(400);
    expect(failedFields(res)).toEqual(['query.perPage']);
  });
});

describe('POST /api/shop/purchases', () => {
  it('starts a purchase at the bundle price, status 1, once per Idempotency-Key', async () => {
    const { token } = await payingPlayer(t);
    const bundle = await bundleByIdentity(t, 'silver');
    const first = await post(
      t,
      '/api/shop/purchases',
      token,
      { bundleId: bundle.id },
      'same-key-1',
    );
    const again = await post(
      t,
      '/api/shop/purchases',
      token,
      { bundleId: bundle.id },
      'same-key-1',
    );
    expect(first.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(first.json()).toMatchObject({
      status: PurchaseStatus.InProgress,
      amount: 1_999,
      currency: 'USD',
      bundleIdentity: 'silver',
      invoiceId: null,
    });
  });

  it('buys only the offer the player saw: a changed price or coins answer 409 OFFER_CHANGED', async () => {
    const { token } = await payingPlayer(t);
    const bundle = await bundleByIdentity(t, 'silver');
    const seen = {
      price: bundle.price,
      goldCoins: bundle.goldCoins,
      sweepsCoins: bundle.sweepsCoins,
    };
    const buy = (expected: typeof seen) =>
      post(t, '/api/shop/purchases', token, { bundleId: bundle.id, expected }, randomUUID());
    for (const changed of [
      { ...seen, price: { ...seen.price, amount: seen.price.amount - 1 } },
      { ...seen, goldCoins: seen.goldCoins + 1 },
      { ...seen, sweepsCoins: seen.sweepsCoins + 1 },
    ]) {
      const res = await buy(changed);
      expect(res.statusCode, res.body).toBe(409);
      expect(errorOf(res)).toMatchObject({
        code: 'OFFER_CHANGED',
        details: { bundle: { id: bundle.id } },
      });
    }
    const purchases = await t.app.inject({ url: '/api/shop/purchases', headers: bearer(token) });
    expect(purchases.json<{ data: unknown[] }>().data).toEqual([]);
    const bought = await buy(seen);
    expect(bought.statusCode, bought.body).toBe(200);
    expect(bought.json()).toMatchObject({
      amount: seen.price.amount,
      currency: seen.price.currency,
    });
  });

  it('answers 400 for a missing Idempotency-Key, a bad bundleId or an unknown bundle', async () => {
    const { token } = await payingPlayer(t);
    const noKey = await post(t, '/api/shop/purchases', token, { bundleId: 1 }, null);
    expect(noKey.statusCode).toBe(400);
    expect(failedFields(noKey)).toEqual(['headers.idempotency-key']);
    const bad = await post(t, '/api/shop/purchases', token, { bundleId: 'x' });
    expect(failedFields(bad)).toEqual(['body.bundleId']);
    const unknown = await post(t, '/api/shop/purchases', token, { bundleId: 999_999 });
    expect(failedFields(unknown)).toEqual(['body.bundleId']);
  });

  it('answers 401 anonymous and 403 to a blocked player', async () => {
    expect((await post(t, '/api/shop/purchases', null, { bundleId: 1 })).statusCode).toBe(401);
    const { token, playerId } = await payingPlayer(t);
    await t.database.db.update(players).set({ status: 3 }).where(eq(players.id, playerId));
    const res = await post(t, '/api/shop/purchases', token, { bundleId: 1 });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe('ACCOUNT_BLOCKED');
  });
});

describe('GET /api/shop/purchases', () => {
  it('lists only the player’s own purchases, filtered by status', async () => {
    const a = await payingPlayer(t);
    const b = await payingPlayer(t);
    const mine = await startPurchase(t, a.token);
    await startPurchase(t, b.token);
    const res = await get(t, '/api/shop/purchases?status=1,2&perPage=1000', a.token);
    const list = bundlePurchaseListSchema.parse(res.json());
    expect(list.data.map((p) => p.id)).toEqual([mine.id]);
    expect(list.meta.totalRows).toBe(1);
    const done = await get(t, '/api/shop/purchases?status=2', a.token);
    expect(bundlePurchaseListSchema.parse(done.json()).data).toEqual([]);
    expect(failedFields(await get(t, '/api/shop/purchases?status=9', a.token))).toEqual([
      'query.status',
    ]);
    expect((await get(t, '/api/shop/purchases')).statusCode).toBe(401);
  });
});

describe('GET /api/payment/methods/purchase', () => {
  it('lists saved cards with brand, last4, expiry and holder, the add-a-card and crypto methods', async () => {
    const { token } = await payingPlayer(t);
    const methodId = await saveCard(t, token, CARDS.threeDs);
    const res = await get(t, '/api/payment/methods/purchase', token);
    const list = paymentMethodListSchema.parse(res.json());
    expect(list.data.map((m) => m.id)).toEqual([methodId, 'card', 'crypto:BTC', 'crypto:ETH']);
    expect(list.data[0]?.fields).toEqual([
      { name: 'brand', value: 'visa' },
      { name: 'last4', value: '4242' },
      { name: 'expiry', value: `12/${new Date().getUTCFullYear() + 2}` },
      { name: 'holder', value: 'Test Holder' },
    ]);
    expect(list.cashier.baseUrl).toMatch(/\/sandbox-cashier$/);
  });

  it('answers 401 PAYMENT_SESSION_REFUSED with errorCode 13102 when the provider refuses', async () => {
    const { token } = await payingPlayer(t, {
      email: `tester-${randomUUID()}+cashier-refused@example.com`,
    });
    const res = await get(t, '/api/payment/methods/purchase', token);
    expect(res.statusCode).toBe(401);
    expect(errorOf(res)).toMatchObject({
      code: 'PAYMENT_SESSION_REFUSED',
      details: { errorCode: 13102 },
    });
  });

  it('answers 401 anonymous', async () => {
    expect((await get(t, '/api/payment/methods/purchase')).statusCode).toBe(401);
  });
});

describe('POST {cashier}/DirectCashier/PaymentMethod', () => {
  it('refuses a number failing Luhn, an expired card and a forged token; keeps no number', async () => {
    const { token, playerId } = await payingPlayer(t);
    const { cashier } = paymentMethodListSchema.parse(
      (await get(t, '/api/payment/methods/purchase', token)).json(),
    );
    const save = (body: object) =>
      t.app.inject({
        method: 'POST',
        url: '/sandbox-cashier/DirectCashier/PaymentMethod',
        payload: {
          action: 'save',
          token: cashier.token,
          cardNumber: '4242424242424241',
          expiryMonth: 1,
          expiryYear: 2099,
          cvv: '123',
          holderName: 'A B',
          ...body,
        },
      });
    expect(failedFields(await save({}))).toEqual(['body.cardNumber']);
    expect(failedFields(await save({ cardNumber: CARDS.threeDs, expiryYear: 2001 }))).toEqual([
      'body.expiryYear',
    ]);
    expect((await save({ cardNumber: CARDS.threeDs, token: `${cashier.token}x` })).statusCode).toBe(
      401,
    );
    const saved = await save({ cardNumber: CARDS.threeDs });
    expect(saved.statusCode).toBe(200);
    const dump = JSON.stringify(await t.database.db.select().from(sandboxPaymentMethods));
    expect(dump).not.toContain(CARDS.threeDs);
    expect(dump).not.toContain('"123"');
    // Removed, the card is gone from the list.
    const methodId = saved.json<{ methodId: string }>().methodId;
    const removed = await t.app.inject({
      method: 'POST',
      url: '/sandbox-cashier/DirectCashier/PaymentMethod',
      payload: { action: 'remove', token: cashier.token, methodId },
    });
    expect(removed.statusCode).toBe(200);
    const list = paymentMethodListSchema.parse(
      (await get(t, '/api/payment/methods/purchase', token)).json(),
    );
    expect(list.data.map((m) => m.id)).not.toContain(methodId);
    expect(playerId).toBeTruthy();
  });
});

describe('the sandbox cashier (/sandbox-cashier)', () => {
  const threeDsUrl = async (token: string) => {
    const methodId = await saveCard(t, token, CARDS.threeDsTyped);
    const purchase = await startPurchase(t, token);
    const invoice = invoiceOf(await payPurchase(t, token, purchase.id, methodId));
    if (invoice.nextAction?.type !== 'redirect') throw new Error('no 3-D Secure step');
    return { invoice, url: new URL(invoice.nextAction.url) };
  };
  const fail = (path: string) =>
    t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'decision=fail',
    });

  it('shows and acts on a 3-D Secure page only with its own key: a guessed or foreign one is 404', async () => {
    const a = await threeDsUrl((await payingPlayer(t)).token);
    const b = await threeDsUrl((await payingPlayer(t)).token);
    const refA = a.url.pathname;
    const keyB = b.url.searchParams.get('key') ?? '';
    for (const path of [
      refA,
      `${refA}?key=`,
      `${refA}?key=${'x'.repeat(43)}`,
      `${refA}?key=${keyB}`,
    ]) {
      expect((await t.app.inject({ method: 'GET', url: path })).statusCode, path).toBe(404);
      expect((await fail(path)).statusCode, path).toBe(404);
    }
    expect(await invoiceRow(a.invoice.id)).toMatchObject({ status: InvoiceStatus.Pending });
    // Its owner's link still works.
    expect((await fail(hosted(a.url.toString()))).statusCode).toBe(200);
    expect(await invoiceRow(a.invoice.id)).toMatchObject({ status: InvoiceStatus.Rejected });
  });

  it('settles a processing payment only with its key', async () => {
    const { token } = await payingPlayer(t);
    const methodId = await saveCard(t, token, CARDS.processing);
    const invoice = invoiceOf(
      await payPurchase(t, token, (await startPurchase(t, token)).id, methodId),
    );
    const ref = (await invoiceRow(invoice.id))?.providerRef ?? '';
    const settle = (query: string) =>
      t.app.inject({
        method: 'POST',
        url: `/sandbox-cashier/payments/${ref}/settle${query}`,
        payload: { outcome: 'declined' },
      });
    expect((await settle('')).statusCode).toBe(404);
    expect((await settle(`?key=${keyOf(`${ref}x`)}`)).statusCode).toBe(404);
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: InvoiceStatus.Processing });
    expect((await settle(`?key=${keyOf(ref)}`)).statusCode).toBe(200);
  });

  it('simulates a crypto transfer only to an address the sandbox gave out', async () => {
    const { token } = await payingPlayer(t);
    const invoice = invoiceOf(
      await post(t, '/api/payment/invoices/deposit', token, {
        amount: 100_000,
        currency: 'BTC',
        paymentMethodId: 'crypto:BTC',
      }),
    );
    const address = invoice.nextAction?.type === 'crypto_address' ? invoice.nextAction.address : '';
    // Guessed: the address derived from the invoice id alone (how it used to be made), and
    // the real one with a character changed.
    const digest = createHash('sha256').update(`sandbox-address:BTC:${invoice.id}`).digest();
    const alphabet = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
    const derivable = `tb1q${[...digest].map((b) => alphabet[b % 32]).join('')}`;
    const altered = `${address.slice(0, -1)}${address.endsWith('q') ? 'p' : 'q'}`;
    const transfer = (to: string) =>
      t.app.inject({ method: 'POST', url: `/sandbox-cashier/crypto/${to}/transfer` });
    for (const guess of [derivable, altered]) {
      expect((await transfer(guess)).statusCode, guess).toBe(404);
    }
    expect((await transfer(address)).statusCode).toBe(200);
  });
});

describe('POST /api/payment/invoices/purchase', () => {
  it('4242: 3-D Secure page → webhook → invoice 2, purchase 2, GC and SC once, sweeps credit, purchaser', async () => {
    const { token, playerId } = await payingPlayer(t);
    const methodId = await saveCard(t, token, CARDS.threeDs);
    const purchase = await startPurchase(t, token, 'bronze');
    const invoice = invoiceOf(await payPurchase(t, token, purchase.id, methodId));
    expect(invoice).toMatchObject({
      status: InvoiceStatus.Pending,
      amount: 999,
      currency: 'USD',
      purchaseId: purchase.id,
      paymentMethod: { id: methodId, type: 'card', name: 'Visa •••• 4242' },
      nextAction: { type: 'redirect' },
    });
    const url = invoice.nextAction?.type === 'redirect' ? invoice.nextAction.url : '';
    expect(url).toMatch(/\/sandbox-cashier\/3ds\//);

    expect(new URL(url).searchParams.get('key')).toMatch(/^[\w-]{43}$/);
    const page = await t.app.inject({ method: 'GET', url: hosted(url) });
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(page.headers['x-frame-options']).toBeUndefined();
    expect(page.body).toContain('<label for="code">');

    const done = await answerThreeDs(t, url, { decision: 'approve' });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe(
      `${t.config.publicUrl}/payments/success?invoiceId=${invoice.id}&status=success`,
    );
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: InvoiceStatus.Success });
    expect(await purchaseRow(purchase.id)).toMatchObject({
      status: PurchaseStatus.Completed,
      invoiceId: invoice.id,
    });
    expect(await balances(t, token)).toEqual(withWelcome({ GC: 1_000_000, SC: 1_000 }));
    expect(await segmentsOf(playerId)).toEqual([1]);
    const credits = await t.database.db
      .select()
      .from(sweepsCredits)
      .where(eq(sweepsCredits.playerId, playerId));
    // The welcome's Sweeps Coins credit (decision 024), then the purchase's.
    expect(credits.filter((c) => c.source === 'purchase')).toMatchObject([
      { amount: 1_000, wagered: 0 },
    ]);
    expect(credits.filter((c) => c.source === 'bonus')).toMatchObject([
      { amount: WELCOME_COINS.SC },
    ]);
    const events = await t.database.db
      .select()
      .from(domainEvents)
      .where(eq(domainEvents.playerId, playerId));
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining(['bundle.purchase.updated', 'invoice.deposit.updated']),
    );
    expect(
      events.some(
        (e) =>
          e.type === 'bundle.purchase.updated' &&
          (e.payload as { purchase: { status: number } }).purchase.status === 2,
      ),
    ).toBe(true);

    // Submitting the page again (back button) changes nothing.
    const replay = await t.app.inject({
      method: 'POST',
      url: hosted(url),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-dest': 'document',
      },
      payload: 'decision=approve&code=1234',
    });
    expect(replay.statusCode).toBe(303);
    expect(await balances(t, token)).toEqual(withWelcome({ GC: 1_000_000, SC: 1_000 }));
    // Paid purchases cannot be paid again.
    const twice = await payPurchase(t, token, purchase.id, methodId);
    expect(errorOf(twice).code).toBe('CONFLICT');
  });

  it('framed 3-D Secure: the result page posts {type, invoiceId, status} to the site origin', async () => {
    const { token } = await payingPlayer(t);
    const methodId = await saveCard(t, token, CARDS.threeDsTyped);
    const purchase = await startPurchase(t, token);
    const invoice = invoiceOf(await payPurchase(t, token, purchase.id, methodId));
    const url = invoice.nextAction?.type === 'redirect' ? invoice.nextAction.url : '';
    // 3063 wants the code typed: a wrong one is refused and nothing changes.
    const wrong = await answerThreeDs(t, url, { decision: 'approve', code: '0000' }, 'iframe');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('role="alert"');
    const failed = await answerThreeDs(t, url, { decision: 'fail' }, 'iframe');
    expect(failed.statusCode).toBe(200);
    expect(failed.body).toContain(
      `"type":"coinfall:3ds","invoiceId":"${invoice.id}","status":"fail"`,
    );
    expect(failed.body).toContain(`"origin":"${new URL(t.config.publicUrl).origin}"`);
    expect(failed.headers['content-security-policy']).toMatch(/script-src 'nonce-/);
    expect(await invoiceRow(invoice.id)).toMatchObject({
      status: InvoiceStatus.Rejected,
      failureCode: 'authentication_failed',
    });
    expect(await purchaseRow(purchase.id)).toMatchObject({ status: PurchaseStatus.Failed });
    expect(await balances(t, token)).toEqual(withWelcome());
  });

  it('declined card: 402 PAYMENT_DECLINED, invoice 3, purchase 3, no money; the retry answers the same', async () => {
    const { token, playerId } = await payingPlayer(t);
    const methodId = await saveCard(t, token, CARDS.insufficient);
    const purchase = await startPurchase(t, token);
    const res = await payPurchase(t, token, purchase.id, methodId, 'declined-key-1');
    expect(res.statusCode).toBe(402);
    const body = errorOf(res);
    expect(body).toMatchObject({
      code: 'PAYMENT_DECLINED',
      details: { failureCode: 'insufficient_funds', invoice: { status: 3 } },
    });
    const again = await payPurchase(t, token, purchase.id, methodId, 'declined-key-1');
    expect(again.statusCode).toBe(402);
    expect(again.body).toBe(res.body);
    expect(await purchaseRow(purchase.id)).toMatchObject({ status: PurchaseStatus.Failed });
    expect(await balances(t, token)).toEqual(withWelcome());
    expect(await segmentsOf(playerId)).toEqual([]);

    const card = await saveCard(t, token, CARDS.declined);
    const other = await startPurchase(t, token);
    const declined = await payPurchase(t, token, other.id, card);
    expect(errorOf(declined).details).toMatchObject({ failureCode: 'card_declined' });
  });

  it('processing card: status 4, then settles by the sandbox webhook', async () => {
    const { token } = await payingPlayer(t);
    const methodId = await saveCard(t, token, CARDS.processing);
    const purchase = await startPurchase(t, token, 'silver');
    const invoice = invoiceOf(await payPurchase(t, token, purchase.id, methodId));
    expect(invoice.status).toBe(InvoiceStatus.Processing);
    expect(await balances(t, token)).toEqual(withWelcome());
    const ref = (await invoiceRow(invoice.id))?.providerRef;
    const settle = await t.app.inject({
      method: 'POST',
      url: `/sandbox-cashier/payments/${ref}/settle?key=${keyOf(ref ?? '')}`,
      payload: { outcome: 'succeeded' },
    });
    expect(settle.statusCode, settle.body).toBe(200);
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: InvoiceStatus.Success });
    expect(await balances(t, token)).toEqual(withWelcome({ GC: 2_100_000, SC: 2_000 }));
  });

  it('an instant card succeeds in the answer itself', async () => {
    const { token } = await payingPlayer(t);
    const methodId = await saveCard(t, token, CARDS.instant);
    const purchase = await startPurchase(t, token);
    const invoice = invoiceOf(await payPurchase(t, token, purchase.id, methodId));
    expect(invoice).toMatchObject({ status: InvoiceStatus.Success, nextAction: null });
    expect(await balances(t, token)).toEqual(withWelcome({ GC: 500_000, SC: 500 }));
  });

  it('refuses bad input naming the field, anonymous, another player’s purchase or card, blocked', async () => {
    const a = await payingPlayer(t);
    const b = await payingPlayer(t);
    const cardA = await saveCard(t, a.token, CARDS.instant);
    const cardB = await saveCard(t, b.token, CARDS.instant);
    const purchaseA = await startPurchase(t, a.token);

    const noKey = await post(
      t,
      '/api/payment/invoices/purchase',
      a.token,
      { purchaseId: purchaseA.id, paymentMethodId: cardA },
      null,
    );
    expect(failedFields(noKey)).toEqual(['headers.idempotency-key']);
    expect(
      failedFields(
        await post(t, '/api/payment/invoices/purchase', a.token, {
          purchaseId: 'x',
          paymentMethodId: cardA,
        }),
      ),
    ).toEqual(['body.purchaseId']);
    expect(failedFields(await payPurchase(t, a.token, purchaseA.id, 'card'))).toEqual([
      'body.paymentMethodId',
    ]);
    expect(failedFields(await payPurchase(t, a.token, purchaseA.id, cardB))).toEqual([
      'body.paymentMethodId',
    ]);
    expect(failedFields(await payPurchase(t, a.token, purchaseA.id, 'crypto:BTC'))).toEqual([
      'body.paymentMethodId',
    ]);
    expect((await post(t, '/api/payment/invoices/purchase', null, {})).statusCode).toBe(401);

    const stolen = await payPurchase(t, b.token, purchaseA.id, cardB);
    expect(stolen.statusCode).toBe(404);
    expect(await purchaseRow(purchaseA.id)).toMatchObject({ status: 1, invoiceId: null });

    await t.database.db.update(players).set({ status: 3 }).where(eq(players.id, a.playerId));
    const blocked = await payPurchase(t, a.token, purchaseA.id, cardA);
    expect(blocked.statusCode).toBe(403);
    expect(
      await t.database.db
        .select()
        .from(invoices)
        .where(and(eq(invoices.playerId, a.playerId))),
    ).toEqual([]);
  });

  it('L3: the ledger invariants hold after all of the above', async () => {
    const results = await runLedgerInvariants(t.database.db);
    expect(results.filter((r) => r.violations > 0)).toEqual([]);
  });
});
