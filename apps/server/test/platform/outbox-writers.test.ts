import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { DOMAIN_EVENT_SCHEMAS, DOMAIN_EVENT_TYPES, type DomainEventType } from '@coinfall/shared';
import { domainEvents } from '../../src/db/schema/index.ts';
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
import { createCodeRepo } from '../../src/modules/player/confirmations.repo.ts';
import { createOneTimeCodes } from '../../src/modules/player/confirmations.service.ts';
import { bearer, register } from '../player/player-fixtures.ts';
import { redemptionFixtures } from '../redemption/redemption-fixtures.ts';
import { rgsFixtures } from '../rgs/rgs-fixtures.ts';
import { createClockedApp, createTestApp, operatorHeaders, type TestApp } from '../test-app.ts';

// Every place that writes the outbox — the services calling `outbox.record` and the two CTE
// writers (the ledger's posting, a round's insert) — driven through the app, and every payload
// it stored parsed with the shared schema its type names (packages/shared contracts/events.ts):
// a writer that drifts from what the realtime clients read fails here, not in a browser.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    RATE_LIMIT_KEY_PREFIX: `test:${randomUUID()}:`,
    RATE_LIMIT_PER_MINUTE: '100000',
  });
});
afterAll(() => t.close());

const seen = new Set<string>();
/**
 * Written by outbox consumers (the quest engine, loyalty's points from deposits and rounds)
 * whenever delivery runs — at once after a request's commit (decision 051) — so they may land
 * inside any drive's window: parsed and counted like the rest, but not part of what a drive
 * recorded, unless the drive is the consumer's own code (`consumer`).
 */
const CONSUMER_WRITTEN = new Set<string>([
  'quest.updated',
  'quest.tasks.updated',
  'retention.account.updated',
]);

/** The events `drive` recorded, each checked against its type's schema. */
async function recorded(drive: () => Promise<unknown>, consumer = false) {
  // Consumers write events of their own when they apply earlier ones (loyalty's account
  // pushes): let those land first, so the window below holds only what `drive` caused.
  const { dispatcher } = t.app.eventDelivery;
  for (let i = 0; i < 2; i += 1) {
    dispatcher.wake();
    await dispatcher.idle();
  }
  const [last] = await t.database.db
    .select({ id: sql<number>`coalesce(max(${domainEvents.id}), 0)::int` })
    .from(domainEvents);
  await drive();
  const rows = await t.database.db
    .select()
    .from(domainEvents)
    .where(gt(domainEvents.id, last?.id ?? 0))
    .orderBy(asc(domainEvents.id));
  for (const row of rows) {
    expect(DOMAIN_EVENT_TYPES, `event ${row.id}`).toContain(row.type);
    const parsed = DOMAIN_EVENT_SCHEMAS[row.type as DomainEventType].safeParse(row.payload);
    expect(parsed.error?.issues ?? [], `${row.type} #${row.id}`).toEqual([]);
    seen.add(row.type);
  }
  return consumer ? rows : rows.filter((row) => !CONSUMER_WRITTEN.has(row.type));
}

const typesOf = (rows: { type: string }[]) => [...new Set(rows.map((r) => r.type))].sort();

describe('every outbox writer records a payload its shared schema parses', () => {
  it('the ledger posting (CTE): wallet.balance.updated per player moved', async () => {
    const f = rgsFixtures(t);
    const rows = await recorded(() => f.scPlayer(5_000));
    expect(typesOf(rows)).toContain('wallet.balance.updated');
  });

  it('a round settled by its start (CTE): game.round.settled with the posting', async () => {
    const f = rgsFixtures(t);
    const p = await f.scPlayer(5_000);
    const token = await f.launch(p, 'dice');
    const rows = await recorded(() =>
      f.start(token, { bet: 1_000, params: { target: 0.01, direction: 'under' } }),
    );
    expect(typesOf(rows)).toEqual(['game.round.settled', 'wallet.balance.updated']);
  });

  it('a round settled by an action (the rounds service): game.round.settled', async () => {
    const f = rgsFixtures(t);
    const p = await f.scPlayer(5_000);
    const token = await f.launch(p, 'mines');
    const started = await f.start(token, { bet: 1_000, params: { mines: 24 } });
    // With 24 mines of 25 the first reveal almost surely ends the round; cash out otherwise.
    const rows = await recorded(async () => {
      const revealed = await f.act(token, started.round.id, { type: 'reveal', tile: 0 });
      if (!revealed.round.done) await f.act(token, started.round.id, { type: 'cashout' });
    });
    expect(typesOf(rows)).toContain('game.round.settled');
  });

  it('the sandbox round of the live boards: game.round.settled', async () => {
    const rows = await recorded(async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/dev/rounds',
        headers: operatorHeaders(),
        payload: {
          nickname: 'demo',
          gameId: 'plinko',
          gameName: 'Plinko',
          currency: 'GC',
          bet: 10,
          payout: 100,
          device: 'desktop',
          country: 'PT',
        },
      });
      expect(res.statusCode, res.body).toBe(201);
    });
    expect(typesOf(rows)).toEqual(['game.round.settled']);
  });

  it('the identity check (kyc service): kyc.player.updated', async () => {
    const player = await register(t);
    const path = '/api/player/integrations/tsevo/player';
    const profile = await t.app.inject({
      method: 'PUT',
      url: '/api/player/profile',
      headers: bearer(player.accessToken),
      payload: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        birthdate: '1990-12-10',
        address: '12 Main St.',
        city: 'New York',
        region: 'NY',
        country: 'US',
        postalCode: '10001',
      },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const rows = await recorded(async () => {
      for (const [method, url] of [
        ['POST', path],
        ['POST', `${path}/validate`],
      ] as const) {
        const res = await t.app.inject({
          method,
          url,
          headers: bearer(player.accessToken),
          payload: {},
        });
        expect(res.statusCode, res.body).toBe(200);
      }
    });
    expect(typesOf(rows)).toEqual(['kyc.player.updated']);
  });

  it('a purchase (shop, payment, settlement): bundle.purchase.updated, invoice.deposit.updated', async () => {
    const { token } = await payingPlayer(t);
    const methodId = await saveCard(t, token, CARDS.threeDs);
    const started = await recorded(() => startPurchase(t, token));
    expect(typesOf(started)).toEqual(['bundle.purchase.updated']);
    const purchaseId = (started[0]!.payload as { purchase: { id: string } }).purchase.id;
    let redirect = '';
    const challenged = await recorded(async () => {
      const invoice = invoiceOf(await payPurchase(t, token, purchaseId, methodId));
      redirect = invoice.nextAction?.type === 'redirect' ? invoice.nextAction.url : '';
    });
    expect(typesOf(challenged)).toEqual(['invoice.deposit.updated']);
    const settled = await recorded(async () => {
      expect((await answerThreeDs(t, redirect, { decision: 'approve' })).statusCode).toBe(303);
    });
    // The first purchase also grants the first-purchase match (decision 024).
    expect(typesOf(settled)).toEqual([
      'bonus.player-bonus.updated',
      'bundle.purchase.updated',
      'invoice.deposit.updated',
      'wallet.balance.updated',
    ]);
  });

  it('a canceled purchase and an unpaid one expired (payment cancel, expiry): bundle.purchase.updated, invoice.deposit.updated', async () => {
    const { token } = await payingPlayer(t);
    const methodId = await saveCard(t, token, CARDS.threeDs);
    const purchase = await startPurchase(t, token);
    const invoice = invoiceOf(await payPurchase(t, token, purchase.id, methodId));
    const canceled = await recorded(async () => {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/payment/invoices/${invoice.id}/cancel`,
        headers: bearer(token),
      });
      expect(res.statusCode, res.body).toBe(200);
    });
    expect(typesOf(canceled)).toEqual(['bundle.purchase.updated', 'invoice.deposit.updated']);
    const unpaid = await startPurchase(t, (await payingPlayer(t)).token);
    const { app, clock } = await createClockedApp(t);
    try {
      clock.ms += 2 * 60 * 60_000;
      const expired = await recorded(() => app.paymentExpiry.run());
      expect(typesOf(expired)).toContain('bundle.purchase.updated');
      expect(
        expired.some(
          (r) => (r.payload as { purchase?: { id: string } }).purchase?.id === unpaid.id,
        ),
      ).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('a crypto deposit (payment confirmations, settlement): invoice.deposit.updated', async () => {
    const { token } = await payingPlayer(t);
    const sandbox = (path: string) =>
      t.app.inject({ method: 'POST', url: `/sandbox-cashier${path}` });
    const rows = await recorded(async () => {
      const invoice = invoiceOf(
        await post(t, '/api/payment/invoices/deposit', token, {
          amount: 100_000,
          currency: 'BTC',
          paymentMethodId: 'crypto:BTC',
        }),
      );
      const address =
        invoice.nextAction?.type === 'crypto_address' ? invoice.nextAction.address : '';
      expect((await sandbox(`/crypto/${address}/transfer`)).statusCode).toBe(200);
      await sandbox(`/crypto/${address}/confirm`);
      expect((await sandbox(`/crypto/${address}/confirm`)).statusCode).toBe(200);
    });
    expect(typesOf(rows)).toEqual(['invoice.deposit.updated', 'wallet.balance.updated']);
    expect(rows.filter((r) => r.type === 'invoice.deposit.updated').length).toBeGreaterThan(1);
  });

  it('a redemption (redemption service): invoice.withdrawal.updated', async () => {
    const f = rgsFixtures(t);
    const p = await f.scPlayer(0);
    const fx = redemptionFixtures(t);
    await fx.creditWinnings(p, 50_000);
    const rows = await recorded(async () => {
      const invoice = fx.invoiceOf(await fx.redeem(p, 20_000));
      const settled = await fx.settle(invoice.id, 'success');
      expect(settled.statusCode, settled.body).toBe(200);
    });
    expect(typesOf(rows)).toEqual(['invoice.withdrawal.updated', 'wallet.balance.updated']);
  });

  it('the bonus engine (registration, codes, free spins): bonus.* events', async () => {
    const claim = (token: string, bonusCode: string, trigger: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/game/bonuses/bonuscodes',
        headers: bearer(token),
        payload: { bonusCode, trigger },
      });
    let token = '';
    const registered = await recorded(async () => {
      token = (await register(t)).accessToken;
    });
    expect(typesOf(registered)).toContain('bonus.player-bonus.updated');
    const rows = await recorded(async () => {
      expect((await claim(token, 'HOLIDAY2026', 3)).statusCode).toBe(200);
      expect((await claim(token, 'FROSTY10', 3)).statusCode).toBe(200);
      const pending = await claim(token, 'COINS50', 2);
      const id = pending.json<{ playerBonusCodeId: number }>().playerBonusCodeId;
      const removed = await t.app.inject({
        method: 'DELETE',
        url: `/api/game/bonuses/bonuscodes?playerBonusCodeId=${id}`,
        headers: bearer(token),
      });
      expect(removed.statusCode).toBe(204);
    });
    expect(typesOf(rows)).toEqual([
      'bonus.player-bonus-code.updated',
      'bonus.player-bonus.updated',
      'bonus.player-freespin.updated',
    ]);
  });

  it('sign-ins, confirmations, completed profiles; the quest engine: quest.*', async () => {
    let token = '';
    let playerId = '';
    const signedUp = await recorded(async () => {
      const session = await register(t);
      token = session.accessToken;
      playerId = session.profile.id;
    });
    expect(typesOf(signedUp)).toContain('player.signed-in');
    const code = await createOneTimeCodes({ repo: createCodeRepo(t.database.db) }).issue(
      playerId,
      'email_confirmation',
    );
    const confirmed = await recorded(() =>
      t.app.inject({
        method: 'POST',
        url: '/api/player/profile/confirmations/email/confirm',
        payload: { code },
      }),
    );
    expect(typesOf(confirmed)).toEqual(['player.verified']);
    const profiled = await recorded(() =>
      t.app.inject({
        method: 'PUT',
        url: '/api/player/profile',
        headers: bearer(token),
        payload: {
          firstName: 'Ada',
          lastName: 'Lovelace',
          nickname: 'ada_l',
          phone: '+14155552671',
          address: '12 Main St.',
          city: 'San Francisco',
          region: 'California',
          country: 'US',
          postalCode: '94105',
          birthdate: '1990-12-10',
          agreedTc: true,
        },
      }),
    );
    expect(typesOf(profiled)).toContain('player.profile.completed');
    // The quest engine answers these events (enrolment, the email task) whenever delivery runs,
    // so its rows are read by player rather than by window.
    const { dispatcher } = t.app.eventDelivery;
    dispatcher.wake();
    await dispatcher.idle();
    const questRows = await t.database.db
      .select()
      .from(domainEvents)
      .where(
        and(eq(domainEvents.playerId, playerId), inArray(domainEvents.type, [...CONSUMER_WRITTEN])),
      );
    for (const row of questRows) {
      const parsed = DOMAIN_EVENT_SCHEMAS[row.type as DomainEventType].safeParse(row.payload);
      expect(parsed.error?.issues ?? [], `${row.type} #${row.id}`).toEqual([]);
      seen.add(row.type);
    }
    expect(seen).toContain('quest.updated');
    expect(seen).toContain('quest.tasks.updated');
  });

  it('loyalty: retention.account.updated when points climb a sublevel (and its reward)', async () => {
    const session = await register(t);
    const playerId = session.profile.id;
    const rows = await recorded(
      () =>
        t.database.db.transaction((tx) =>
          t.app.loyalty.awardLoyaltyPoints(tx, playerId, 600, `writers:${randomUUID()}`),
        ),
      true,
    );
    expect(typesOf(rows)).toEqual([
      'bonus.player-bonus.updated',
      'bonus.player-freespin.updated',
      'retention.account.updated',
    ]);
  });

  it('support chat: a message is one event for both channels; its first opens the conversation', async () => {
    const session = await register(t);
    const rows = await recorded(() =>
      t.app.inject({
        method: 'POST',
        url: '/api/support/messages',
        headers: bearer(session.accessToken),
        payload: { text: 'Hello', clientMessageId: randomUUID() },
      }),
    );
    // The first message opens the conversation (its player's publication) and refreshes the
    // console's queue; the message itself is one row, pushed to both channels.
    expect(rows.map((r) => r.type).sort()).toEqual([
      'support.chat.updated',
      'support.console.updated',
      'support.message.sent',
    ]);
  });

  it('the app’s conversions: appsflyer.event.accepted, a signed-in player’s and a guest’s', async () => {
    const session = await register(t);
    const payload = {
      isIos: true,
      appsFlyerId: '1700000000000-7654321',
      userId: null,
      eventName: 'af_login',
      eventValue: { method: 'email' },
    };
    const rows = await recorded(async () => {
      for (const headers of [bearer(session.accessToken), {}]) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/appsflyer-events',
          headers,
          payload,
        });
        expect(res.statusCode, res.body).toBe(202);
      }
    });
    expect(typesOf(rows)).toEqual(['appsflyer.event.accepted']);
    expect(rows.map((r) => r.playerId)).toEqual([session.profile.id, null]);
  });

  it('covers every event type that has a writer, and the dispatcher finds none malformed', async () => {
    const unwritten = ['activity-board.updated'];
    expect([...seen].sort()).toEqual(
      DOMAIN_EVENT_TYPES.filter((type) => !unwritten.includes(type)).sort(),
    );
    const { dispatcher } = t.app.eventDelivery;
    dispatcher.wake();
    await dispatcher.idle();
    expect(dispatcher.malformedCount()).toBe(0);
  });
});
