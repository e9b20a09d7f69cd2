import { eq } from 'drizzle-orm';
import { accessTokenSchema, sweepsStandingSchema } from '@coinfall/shared';
import { players } from '../../src/db/schema/index.ts';
import { createTestApp, operatorHeaders, type TestApp } from '../test-app.ts';
import { bearer, errorOf, failedFields, PASSWORD, register } from '../player/player-fixtures.ts';
import { rgsFixtures } from '../rgs/rgs-fixtures.ts';
import type { TestPlayer } from '../redemption/redemption-fixtures.ts';

/**
 * Issue 16 / decision 030: the jurisdiction rules read the strictest of the player's known
 * places — the profile, the location the latest login or refresh sent (coordinates → the state
 * of the nearest ZIP centroid) and the IP country a trusted proxy names (GEO_IP_COUNTRY_HEADER,
 * off by default). Washington refuses Sweeps Coins play in the seeded table; Texas has no rule.
 */
const SEATTLE = { lat: 47.6062, lon: -122.3321 };
const AUSTIN = { lat: 30.2672, lon: -97.7431 };
const DICE = { target: 50, over: true };
const IP_HEADER = 'cf-ipcountry';

let t: TestApp;
let withHeader: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  withHeader = await createTestApp({ GEO_IP_COUNTRY_HEADER: 'CF-IPCountry' });
  // A country whose rule refuses Sweeps Coins (a row of the operator's table, not code).
  for (const app of [t, withHeader]) {
    const put = await app.app.inject({
      method: 'PUT',
      url: '/api/dev/protection/jurisdictions',
      headers: operatorHeaders(),
      payload: {
        country: 'GB',
        region: '',
        sweepsPlay: false,
        purchaseBonuses: false,
        redemptions: false,
        effectiveFrom: new Date(Date.now() - 60_000).toISOString(),
        redemptionWindDownUntil: null,
        note: 'test: not offered in Great Britain',
      },
    });
    expect(put.statusCode, put.body).toBe(200);
  }
});
afterAll(async () => {
  await t?.close();
  await withHeader?.close();
});

const inTexas = (app: TestApp, playerId: string) =>
  app.database.db
    .update(players)
    .set({ country: 'US', region: 'TX' })
    .where(eq(players.id, playerId));

const standingOf = async (app: TestApp, token: string) => {
  const res = await app.app.inject({
    method: 'GET',
    url: '/api/player/protection/jurisdiction',
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return sweepsStandingSchema.parse(res.json());
};

/** A refresh sending `body` (and `headers`); answers the player with the new token. */
async function refreshFrom(
  app: TestApp,
  p: TestPlayer,
  body: object,
  headers: Record<string, string> = {},
): Promise<TestPlayer> {
  const res = await app.app.inject({
    method: 'POST',
    url: '/api/player/sessions/refresh',
    headers: { ...bearer(p.token), ...headers },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...p, token: accessTokenSchema.parse(res.json()).accessToken };
}

const launchRaw = (fx: ReturnType<typeof rgsFixtures>, p: TestPlayer) =>
  fx.call('POST', '/api/game/games/dice/play', bearer(p.token), { device: 'mobile' });

describe('the place from the login location', () => {
  it('refuses SC play to a Texas profile whose refresh came from Washington', async () => {
    const fx = rgsFixtures(t);
    const sc = await fx.scPlayer(10_000);
    await inTexas(t, sc.playerId);
    let p = await refreshFrom(t, sc, { location: AUSTIN });
    expect(await standingOf(t, p.token)).toMatchObject({ sweepsPlay: true, region: 'TX' });
    const game = await fx.launch(p, 'dice'); // launched while in Texas

    p = await refreshFrom(t, p, { location: SEATTLE });
    expect(await standingOf(t, p.token)).toMatchObject({
      source: 'location',
      country: 'US',
      region: 'WA',
      sweepsPlay: false,
    });
    const launch = await launchRaw(fx, p);
    expect(launch.statusCode).toBe(403);
    expect(errorOf(launch)).toMatchObject({
      code: 'SWEEPS_NOT_ALLOWED',
      details: { source: 'location', country: 'US', region: 'WA' },
    });
    const bet = await fx.startRaw(game, { bet: 100, params: DICE });
    expect(bet.statusCode).toBe(403);
    expect(errorOf(bet).code).toBe('SWEEPS_NOT_ALLOWED');

    // Back in Texas at the next refresh: the latest location is the one read.
    p = await refreshFrom(t, p, { location: AUSTIN });
    expect((await standingOf(t, p.token)).sweepsPlay).toBe(true);
    expect((await fx.startRaw(game, { bet: 100, params: DICE })).statusCode).toBe(200);
    await fx.expectLedgerInvariants();
  });

  it('lets Gold Coins play after a login from Washington', async () => {
    const fx = rgsFixtures(t);
    const session = await register(t);
    await inTexas(t, session.profile.id);
    const fromSeattle = await t.app.inject({
      method: 'POST',
      url: '/api/player/sessions',
      payload: {
        email: session.email,
        password: PASSWORD,
        device: { type: 'mobile' },
        location: SEATTLE,
      },
    });
    expect(fromSeattle.statusCode, fromSeattle.body).toBe(200);
    const p = {
      token: fromSeattle.json<{ accessToken: string }>().accessToken,
      playerId: session.profile.id,
      accounts: {},
    };
    expect(await standingOf(t, p.token)).toMatchObject({ sweepsPlay: false, region: 'WA' });
    const round = await fx.start(await fx.launch(p, 'dice'), { bet: 1_000, params: DICE });
    expect(round.round.bet).toBe(1_000);
  });

  it('answers 400 naming the field for a location that is not one', async () => {
    const session = await register(t);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/player/sessions',
      payload: {
        email: session.email,
        password: PASSWORD,
        device: { type: 'mobile' },
        location: { lat: 91, lon: 0 },
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(failedFields(bad)).toContain('body.location.lat');
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/player/sessions/refresh',
      headers: bearer(session.accessToken),
      payload: { location: { lat: 10, lon: 'east' } },
    });
    expect(refresh.statusCode).toBe(400);
    expect(failedFields(refresh)).toContain('body.location.lon');
  });
});

describe('the place from the IP country', () => {
  it('refuses SC play from a refusing country when the header is configured', async () => {
    const fx = rgsFixtures(withHeader);
    const sc = await fx.scPlayer(10_000);
    await inTexas(withHeader, sc.playerId);
    const p = await refreshFrom(withHeader, sc, {}, { [IP_HEADER]: 'gb' });
    expect(await standingOf(withHeader, p.token)).toMatchObject({
      source: 'ip',
      country: 'GB',
      region: null,
      sweepsPlay: false,
      redemptions: false,
    });
    const launch = await launchRaw(fx, p);
    expect(launch.statusCode).toBe(403);
    expect(errorOf(launch)).toMatchObject({
      code: 'SWEEPS_NOT_ALLOWED',
      details: { source: 'ip', country: 'GB' },
    });
  });

  it('allows Gold Coins play from there', async () => {
    const fx = rgsFixtures(withHeader);
    const session = await register(withHeader);
    const fromGb = await withHeader.app.inject({
      method: 'POST',
      url: '/api/player/sessions',
      headers: { [IP_HEADER]: 'GB' },
      payload: { email: session.email, password: PASSWORD, device: { type: 'desktop' } },
    });
    expect(fromGb.statusCode, fromGb.body).toBe(200);
    const p = {
      token: fromGb.json<{ accessToken: string }>().accessToken,
      playerId: session.profile.id,
      accounts: {},
    };
    expect((await standingOf(withHeader, p.token)).sweepsPlay).toBe(false);
    const round = await fx.start(await fx.launch(p, 'dice'), { bet: 1_000, params: DICE });
    expect(round.round.bet).toBe(1_000);
  });

  it('ignores the header when it is not configured, and values that are not a country', async () => {
    const fx = rgsFixtures(t);
    const sc = await fx.scPlayer(10_000);
    const p = await refreshFrom(t, sc, {}, { [IP_HEADER]: 'GB' });
    expect(await standingOf(t, p.token)).toMatchObject({ sweepsPlay: true, source: 'profile' });
    expect((await launchRaw(fx, p)).statusCode).toBe(200);

    const other = await rgsFixtures(withHeader).scPlayer(10_000);
    const q = await refreshFrom(withHeader, other, {}, { [IP_HEADER]: 'XX' });
    expect((await standingOf(withHeader, q.token)).sweepsPlay).toBe(true);
  });
});
