import { playerProfileSchema, playerSessionListSchema } from '@coinfall/shared';
import { createTestApp, type TestApp } from '../test-app.ts';
import { bearer, login, PASSWORD } from '../player/player-fixtures.ts';
import { gameSession, rgsFixtures } from './rgs-fixtures.ts';
import type { TestPlayer } from '../redemption/redemption-fixtures.ts';

/** A game-session token lives only as long as the player session that launched it (issue 13). */
describe('game sessions end with the player session that launched them', () => {
  let t: TestApp;
  let fx: ReturnType<typeof rgsFixtures>;
  beforeAll(async () => {
    t = await createTestApp();
    fx = rgsFixtures(t);
  });
  afterAll(async () => t?.close());

  const openWith = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/rgs/session', headers: gameSession(token) });

  /** A second session of the same player, logged in from elsewhere. */
  async function secondSession(p: TestPlayer): Promise<{ token: string; id: string }> {
    const profile = playerProfileSchema.parse(
      (
        await t.app.inject({ method: 'GET', url: '/api/player/profile', headers: bearer(p.token) })
      ).json(),
    );
    const res = await login(t, profile.email, PASSWORD, '198.51.100.7');
    expect(res.statusCode).toBe(200);
    const token = res.json<{ accessToken: string }>().accessToken;
    const list = playerSessionListSchema.parse(
      (
        await t.app.inject({ method: 'GET', url: '/api/player/sessions', headers: bearer(token) })
      ).json(),
    );
    const current = list.data.find((s) => s.current);
    if (!current) throw new Error('no current session');
    return { token, id: current.id };
  }

  it('refuses the token once its player session logs out', async () => {
    const p = await fx.scPlayer(5_000);
    const game = await fx.launch(p, 'dice');
    expect((await openWith(game)).statusCode).toBe(200);

    const out = await t.app.inject({
      method: 'POST',
      url: '/api/player/sessions/logout',
      headers: bearer(p.token),
    });
    expect(out.statusCode).toBe(204);
    const after = await openWith(game);
    expect(after.statusCode).toBe(401);
    const bet = await fx.startRaw(game, { bet: 100, params: { target: 50, over: true } });
    expect(bet.statusCode).toBe(401);
  });

  it('refuses the token of a session closed from another one, and keeps the others', async () => {
    const p = await fx.scPlayer(5_000);
    const other = await secondSession(p);
    const fromOther = await fx.launch({ ...p, token: other.token }, 'dice');
    const fromFirst = await fx.launch(p, 'dice');

    const close = await t.app.inject({
      method: 'PUT',
      url: `/api/player/sessions/${other.id}/close`,
      headers: bearer(p.token),
    });
    expect(close.statusCode).toBeLessThan(300);
    expect((await openWith(fromOther)).statusCode).toBe(401);
    expect((await openWith(fromFirst)).statusCode).toBe(200);
  });

  it('refuses the tokens of the sessions a password change ends', async () => {
    const p = await fx.scPlayer(5_000);
    const other = await secondSession(p);
    const fromOther = await fx.launch({ ...p, token: other.token }, 'dice');
    expect((await openWith(fromOther)).statusCode).toBe(200);

    const change = await t.app.inject({
      method: 'PUT',
      url: '/api/player/passwords',
      headers: bearer(p.token),
      payload: {
        currentPassword: PASSWORD,
        newPassword: 'a new horse battery',
        repeatNewPassword: 'a new horse battery',
      },
    });
    expect(change.statusCode).toBeLessThan(300);
    expect((await openWith(fromOther)).statusCode).toBe(401);
  });
});
