import { randomUUID } from 'node:crypto';
import type { DisconnectedContext } from 'centrifuge';
import { eq } from 'drizzle-orm';
import {
  BetStatus,
  REALTIME_DISCONNECT,
  playerProfileSchema,
  protectionStandingSchema,
  supportPassSchema,
} from '@coinfall/shared';
import { gameRounds, players } from '../../src/db/schema/index.ts';
import { bearer, errorOf, login, PASSWORD } from '../player/player-fixtures.ts';
import {
  createListeningApp,
  next,
  wsClient,
  type RealtimeTestApp,
} from '../realtime/realtime-fixtures.ts';
import { rgsFixtures } from '../rgs/rgs-fixtures.ts';
import { redemptionFixtures, type TestPlayer } from '../redemption/redemption-fixtures.ts';

/**
 * Issue 16: a break or self-exclusion shuts every door at once with PLAYER_EXCLUDED and its end
 * date, ends every session and socket, and refunds the open rounds.
 */
let t: RealtimeTestApp;
let fx: ReturnType<typeof rgsFixtures>;
beforeAll(async () => {
  t = await createListeningApp();
  fx = rgsFixtures(t);
});
afterAll(async () => t?.close());

const post = (url: string, token: string, payload: object = {}, headers = {}) =>
  t.app.inject({ method: 'POST', url, headers: { ...bearer(token), ...headers }, payload });

async function emailOf(p: TestPlayer): Promise<string> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/player/profile',
    headers: bearer(p.token),
  });
  return playerProfileSchema.parse(res.json()).email;
}

function expectExcluded(res: { statusCode: number; body: string }, endsAt: string | null) {
  expect(res.statusCode, res.body).toBe(403);
  const error = errorOf(res as never);
  expect(error.code).toBe('PLAYER_EXCLUDED');
  expect(error.details).toEqual({ endsAt });
}

/** The login's refusal also hands over the pass to support, and to nothing else (decision 040). */
function expectExcludedLogin(res: { statusCode: number; body: string }, endsAt: string | null) {
  expect(res.statusCode, res.body).toBe(403);
  const error = errorOf(res as never);
  expect(error.code).toBe('PLAYER_EXCLUDED');
  const { supportPass, ...rest } = error.details as Record<string, unknown>;
  expect(rest).toEqual({ endsAt });
  expect(supportPassSchema.safeParse(supportPass).success).toBe(true);
}

describe('POST /api/player/protection/break', () => {
  it('shuts every door with PLAYER_EXCLUDED and the end date: login, refresh, purchase, bet, bonus claim, redemption', async () => {
    const p = await fx.scPlayer(50_000);
    const email = await emailOf(p);
    const game = await fx.launch(p, 'dice');
    const before = Date.now();

    const res = await post('/api/player/protection/break', p.token, { days: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const standing = protectionStandingSchema.parse(res.json());
    expect(standing.active).toMatchObject({ kind: 'break', duration: '1d' });
    const endsAt = standing.excludedUntil!;
    const endMs = Date.parse(endsAt);
    expect(endMs - before).toBeGreaterThanOrEqual(24 * 3600_000);
    expect(endMs - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
    expect(standing.active?.endsAt).toBe(endsAt);

    expectExcludedLogin(await login(t, email, PASSWORD), endsAt);
    expectExcluded(await post('/api/player/sessions/refresh', p.token), endsAt);
    expectExcluded(
      await t.app.inject({ method: 'GET', url: '/api/player/profile', headers: bearer(p.token) }),
      endsAt,
    );
    expectExcluded(
      await post(
        '/api/payment/invoices/purchase',
        p.token,
        { purchaseId: randomUUID(), paymentMethodId: 'card' },
        { 'idempotency-key': randomUUID() },
      ),
      endsAt,
    );
    expectExcluded(
      await fx.startRaw(game, { bet: 100, params: { target: 50, over: true } }),
      endsAt,
    );
    expectExcluded(await post('/api/game/bonuses/daily', p.token), endsAt);
    expectExcluded(
      await post(
        '/api/payment/invoices/virtual-payout',
        p.token,
        { amount: 10_000, currency: 'SC', paymentMethodId: 'bank' },
        { 'idempotency-key': randomUUID() },
      ),
      endsAt,
    );
    // A wrong password says nothing about the break.
    expect(errorOf(await login(t, email, 'wrong password here')).code).toBe('INVALID_CREDENTIALS');
  });

  it('ends every session and closes the player’s sockets at once', async () => {
    const p = await fx.scPlayer(0);
    const email = await emailOf(p);
    const other = await login(t, email, PASSWORD, '198.51.100.9');
    const otherToken = other.json<{ accessToken: string }>().accessToken;
    const client = wsClient(t, { token: otherToken });
    client.connect();
    await client.ready(3000);
    const disconnected = next<DisconnectedContext>(client, 'disconnected', 2000);

    expect((await post('/api/player/protection/break', p.token, { days: 3 })).statusCode).toBe(200);
    expect((await disconnected).code).toBe(REALTIME_DISCONNECT.sessionEnded.code);
    client.disconnect();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/wallet/accounts',
      headers: bearer(otherToken),
    });
    expect(errorOf(res).code).toBe('PLAYER_EXCLUDED');
  });

  it('refunds an open round (mines) by the rollback rule', async () => {
    const p = await fx.scPlayer(10_000);
    const money = redemptionFixtures(t);
    const before = await money.balanceOf(p);
    const game = await fx.launch(p, 'mines');
    const started = await fx.start(game, { bet: 1_000, params: { mines: 3 } });
    expect(started.balance).toBe(before - 1_000);

    expect(
      (await post('/api/player/protection/exclusion', p.token, { period: '6m' })).statusCode,
    ).toBe(200);

    const [round] = await t.database.db
      .select()
      .from(gameRounds)
      .where(eq(gameRounds.id, started.round.id));
    expect(round).toMatchObject({ status: BetStatus.Refunded, payout: 1_000 });
    expect(await money.balanceOf(p)).toBe(before);
    await fx.expectLedgerInvariants();
  });

  it('withdraws the consent to promotional mail (marketing stops)', async () => {
    const p = await fx.scPlayer(0);
    await t.database.db
      .update(players)
      .set({ receiveEmailPromo: true })
      .where(eq(players.id, p.playerId));
    const res = await post('/api/player/protection/break', p.token, { days: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.database.db
      .select({ promo: players.receiveEmailPromo })
      .from(players)
      .where(eq(players.id, p.playerId));
    expect(row?.promo).toBe(false);
  });

  it('refuses a length not offered, naming the field', async () => {
    const p = await fx.scPlayer(0);
    const res = await post('/api/player/protection/break', p.token, { days: 2 });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).details?.fields?.[0]?.field).toBe('body.days');
  });
});
