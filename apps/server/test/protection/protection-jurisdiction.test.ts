import { eq } from 'drizzle-orm';
import { sweepsStandingSchema } from '@coinfall/shared';
import { players } from '../../src/db/schema/index.ts';
import { createTestApp, operatorHeaders, type TestApp } from '../test-app.ts';
import { bearer, errorOf, register } from '../player/player-fixtures.ts';
import { rgsFixtures } from '../rgs/rgs-fixtures.ts';

/**
 * Issue 16 jurisdiction rules: Sweeps Coins play refused where the player's state says so, with
 * SWEEPS_NOT_ALLOWED; Gold Coins play allowed there. The seeded table has California from
 * 2026-01-01 and Washington always.
 */
let t: TestApp;
let fx: ReturnType<typeof rgsFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  fx = rgsFixtures(t);
});
afterAll(async () => t?.close());

const placeIn = (playerId: string, country: string | null, region: string | null) =>
  t.database.db.update(players).set({ country, region }).where(eq(players.id, playerId));

const standingOf = async (token: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/player/protection/jurisdiction',
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return sweepsStandingSchema.parse(res.json());
};

const DICE = { target: 50, over: true };

describe('Sweeps Coins by jurisdiction', () => {
  it('refuses SC play in California (2026) with SWEEPS_NOT_ALLOWED at launch and at bet', async () => {
    const p = await fx.scPlayer(10_000);
    const game = await fx.launch(p, 'dice'); // launched before the profile said California
    await placeIn(p.playerId, 'us', 'California');

    expect(await standingOf(p.token)).toMatchObject({
      country: 'US',
      region: 'CA',
      sweepsPlay: false,
      purchaseBonuses: false,
    });
    const launch = await fx.call('POST', '/api/game/games/dice/play', bearer(p.token), {
      device: 'mobile',
    });
    expect(launch.statusCode).toBe(403);
    expect(errorOf(launch)).toMatchObject({
      code: 'SWEEPS_NOT_ALLOWED',
      details: { country: 'US', region: 'CA' },
    });
    const bet = await fx.startRaw(game, { bet: 100, params: DICE });
    expect(bet.statusCode).toBe(403);
    expect(errorOf(bet).code).toBe('SWEEPS_NOT_ALLOWED');
    await fx.expectLedgerInvariants();
  });

  it('lets Gold Coins play in Washington', async () => {
    const session = await register(t);
    await placeIn(session.profile.id, 'US', 'WA');
    const p = { token: session.accessToken, playerId: session.profile.id, accounts: {} };
    expect((await standingOf(p.token)).sweepsPlay).toBe(false);
    const game = await fx.launch(p, 'dice');
    const round = await fx.start(game, { bet: 1_000, params: DICE });
    expect(round.round.bet).toBe(1_000);
  });

  it('allows SC play in a state with no rule, and in none at all', async () => {
    const p = await fx.scPlayer(10_000);
    await placeIn(p.playerId, 'US', 'TX');
    expect(await standingOf(p.token)).toMatchObject({ sweepsPlay: true, redemptions: true });
    await fx.start(await fx.launch(p, 'dice'), { bet: 100, params: DICE });
    await placeIn(p.playerId, null, null);
    expect((await standingOf(p.token)).sweepsPlay).toBe(true);
  });

  it('follows a rule the operator adds, from its date', async () => {
    const p = await fx.scPlayer(10_000);
    await placeIn(p.playerId, 'US', 'NE');
    const rule = {
      country: 'US',
      region: 'NE',
      sweepsPlay: false,
      purchaseBonuses: false,
      redemptions: false,
      effectiveFrom: new Date(Date.now() - 60_000).toISOString(),
      redemptionWindDownUntil: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      note: 'test',
    };
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/dev/protection/jurisdictions',
      headers: operatorHeaders(),
      payload: rule,
    });
    expect(put.statusCode, put.body).toBe(200);
    const standing = await standingOf(p.token);
    // Play stops at once; redemptions stay open through the wind-down.
    expect(standing).toMatchObject({ sweepsPlay: false, redemptions: true });
    expect(standing.redemptionsUntil).toBe(rule.redemptionWindDownUntil);
    const launch = await fx.call('POST', '/api/game/games/dice/play', bearer(p.token), {
      device: 'mobile',
    });
    expect(errorOf(launch).code).toBe('SWEEPS_NOT_ALLOWED');

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/dev/protection/jurisdictions',
      headers: operatorHeaders(),
    });
    expect(list.json<{ data: { region: string }[] }>().data.some((r) => r.region === 'NE')).toBe(
      true,
    );
  });
});
