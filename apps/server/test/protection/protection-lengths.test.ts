import type { FastifyInstance } from 'fastify';
import { protectionStandingSchema } from '@coinfall/shared';
import { createClockedApp, createTestApp, operatorHeaders, type TestApp } from '../test-app.ts';
import { bearer, errorOf, PASSWORD, register } from '../player/player-fixtures.ts';

/** Issue 16: nobody shortens a break or an exclusion; an indefinite one lifts only as the rules say. */
let t: TestApp;
let clocked: { app: FastifyInstance; clock: { ms: number } };
beforeAll(async () => {
  t = await createTestApp();
  clocked = await createClockedApp(t);
});
afterAll(async () => {
  await clocked?.app.close();
  await t?.close();
});

const DAY = 24 * 3600_000;

async function protect(kind: 'break' | 'exclusion', payload: object) {
  const player = await register(t);
  const res = await clocked.app.inject({
    method: 'POST',
    url: `/api/player/protection/${kind}`,
    headers: bearer(player.accessToken),
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { player, standing: protectionStandingSchema.parse(res.json()) };
}

const loginAt = (app: FastifyInstance, email: string) =>
  app.inject({
    method: 'POST',
    url: '/api/player/sessions',
    payload: { email, password: PASSWORD, device: { type: 'mobile' } },
  });

const operator = (app: FastifyInstance, method: 'GET' | 'POST', url: string) =>
  app.inject({ method, url, headers: operatorHeaders() });

describe('breaks and exclusions run their whole length', () => {
  it('a 3-day break refuses login until its end, then lets the player in', async () => {
    clocked.clock.ms = Date.now();
    const { player } = await protect('break', { days: 3 });
    clocked.clock.ms += 3 * DAY - 60_000;
    expect(errorOf(await loginAt(clocked.app, player.email)).code).toBe('PLAYER_EXCLUDED');
    clocked.clock.ms += 120_000;
    expect((await loginAt(clocked.app, player.email)).statusCode).toBe(200);
  });

  it('the operator sees the exclusion but cannot lift a fixed one', async () => {
    clocked.clock.ms = Date.now();
    const { player, standing } = await protect('exclusion', { period: '1y' });
    const id = standing.active!.protectionId;
    const seen = await operator(
      clocked.app,
      'GET',
      `/api/dev/protection/players/${player.profile.id}`,
    );
    expect(protectionStandingSchema.parse(seen.json()).active?.protectionId).toBe(id);

    clocked.clock.ms += 200 * DAY;
    const lift = await operator(
      clocked.app,
      'POST',
      `/api/dev/protection/players/${player.profile.id}/${id}/lift`,
    );
    expect(lift.statusCode).toBe(409);
    expect(errorOf(await loginAt(clocked.app, player.email)).code).toBe('PLAYER_EXCLUDED');
  });

  it('an indefinite exclusion: no end date, no lift before 6 months, then 7 days of cooling', async () => {
    clocked.clock.ms = Date.now();
    const { player, standing } = await protect('exclusion', { period: 'indefinite' });
    expect(standing.excludedUntil).toBeNull();
    expect(standing.active).toMatchObject({ kind: 'exclusion', endsAt: null });
    const refused = await loginAt(clocked.app, player.email);
    expect(errorOf(refused)).toMatchObject({ code: 'PLAYER_EXCLUDED', details: { endsAt: null } });

    const liftUrl = `/api/dev/protection/players/${player.profile.id}/${standing.active!.protectionId}/lift`;
    clocked.clock.ms += 150 * DAY;
    const early = await operator(clocked.app, 'POST', liftUrl);
    expect(early.statusCode).toBe(409);
    expect(errorOf(early).details).toHaveProperty('earliestLiftAt');

    clocked.clock.ms += 40 * DAY;
    const lifted = await operator(clocked.app, 'POST', liftUrl);
    expect(lifted.statusCode, lifted.body).toBe(200);
    const after = protectionStandingSchema.parse(lifted.json());
    expect(Date.parse(after.excludedUntil!)).toBe(clocked.clock.ms + 7 * DAY);
    // Asked once: a second ask does not move the date.
    expect((await operator(clocked.app, 'POST', liftUrl)).statusCode).toBe(409);

    clocked.clock.ms += 7 * DAY - 60_000;
    expect(errorOf(await loginAt(clocked.app, player.email)).code).toBe('PLAYER_EXCLUDED');
    clocked.clock.ms += 120_000;
    expect((await loginAt(clocked.app, player.email)).statusCode).toBe(200);
  });

  it('the operator routes refuse a player token', async () => {
    const player = await register(t);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/dev/protection/players/${player.profile.id}`,
      headers: bearer(player.accessToken),
    });
    expect(res.statusCode).toBe(401);
  });
});
