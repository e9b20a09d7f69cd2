import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminPlayerProfileSchema,
  auditListSchema,
  protectionStandingSchema,
  sessionResponseSchema,
  type StaffRole,
} from '@coinfall/shared';
import { bearer, errorOf, failedFields, PASSWORD, register } from '../player/player-fixtures.ts';
import { createClockedApp, createTestApp, type TestApp } from '../test-app.ts';
import { signedInStaff, type SignedInStaff } from './staff-fixtures.ts';

/**
 * Issue 16 in the back office (decision 030): staff see every break and exclusion; compliance
 * records the player's request to lift an indefinite exclusion, by the protection module's own
 * rule, audited; nobody shortens a fixed one.
 */
const DAY = 24 * 3600_000;

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

/** Staff signed in on the clocked app at its current time (the session lives on that clock). */
const staffNow = (role: StaffRole) => signedInStaff(clocked, role, clocked.clock.ms);

const call = (staff: SignedInStaff, method: 'GET' | 'POST', url: string, payload?: object) =>
  clocked.app.inject({ method, url, headers: staff.headers, ...(payload ? { payload } : {}) });

async function playerTakes(token: string, kind: 'break' | 'exclusion', payload: object) {
  const res = await clocked.app.inject({
    method: 'POST',
    url: `/api/player/protection/${kind}`,
    headers: bearer(token),
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return protectionStandingSchema.parse(res.json());
}

async function profileOf(staff: SignedInStaff, playerId: string) {
  const res = await call(staff, 'GET', `/api/admin/players/${playerId}`);
  expect(res.statusCode, res.body).toBe(200);
  return adminPlayerProfileSchema.parse(res.json()).protection;
}

const liftUrl = (playerId: string, protectionId: string) =>
  `/api/admin/players/${playerId}/protections/${protectionId}/lift`;

describe('back office: player protection', () => {
  it('shows the breaks and exclusions a player took, the interval and the withdrawn consent', async () => {
    clocked.clock.ms = Date.now();
    const player = await register(t, { receiveEmailPromo: true });
    const setCheck = await clocked.app.inject({
      method: 'PUT',
      url: '/api/player/protection/reality-check',
      headers: bearer(player.accessToken),
      payload: { intervalMinutes: 30 },
    });
    expect(setCheck.statusCode, setCheck.body).toBe(200);
    const support = await staffNow('support');
    const before = await profileOf(support, player.profile.id);
    expect(before).toMatchObject({ inForce: null, history: [], realityCheckMinutes: 30 });
    expect(before.promoEmailConsent).toBe(true);
    expect(before.doNotMarket).toBe(false);

    const brk = await playerTakes(player.accessToken, 'break', { days: 1 });
    // Out of marketing while the break stands (decision 030), and back once it ends.
    expect((await profileOf(support, player.profile.id)).doNotMarket).toBe(true);
    // The break ended: the player signs in again and excludes for a year.
    clocked.clock.ms += DAY + 60_000;
    expect((await profileOf(await staffNow('support'), player.profile.id)).doNotMarket).toBe(false);
    const again = await clocked.app.inject({
      method: 'POST',
      url: '/api/player/sessions',
      payload: { email: player.email, password: PASSWORD, device: { type: 'mobile' } },
    });
    expect(again.statusCode, again.body).toBe(200);
    const token = sessionResponseSchema.parse(again.json()).accessToken;
    const excl = await playerTakes(token, 'exclusion', { period: '1y' });

    const seen = await profileOf(await staffNow('support'), player.profile.id);
    expect(seen.history.map((p) => [p.kind, p.duration])).toEqual([
      ['exclusion', '1y'],
      ['break', '1d'],
    ]);
    expect(seen.history[1]).toMatchObject({
      protectionId: brk.active!.protectionId,
      endsAt: brk.active!.endsAt,
      earliestLiftAt: null,
    });
    expect(seen.inForce).toMatchObject({
      protectionId: excl.active!.protectionId,
      endsAt: excl.active!.endsAt,
      earliestLiftAt: null,
    });
    expect(seen.excludedUntil).toBe(excl.active!.endsAt);
    expect(seen.promoEmailConsent).toBe(false);
    expect(seen.realityCheckMinutes).toBe(30);
  });

  it('refuses to shorten a fixed exclusion or a break, even for admin', async () => {
    clocked.clock.ms = Date.now();
    const player = await register(t);
    const excl = await playerTakes(player.accessToken, 'exclusion', { period: '1y' });
    clocked.clock.ms += 200 * DAY;
    const admin = await staffNow('admin');
    const res = await call(admin, 'POST', liftUrl(player.profile.id, excl.active!.protectionId), {
      reason: 'player wrote to us',
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(errorOf(res).code).toBe('CONFLICT');
    const after = await profileOf(admin, player.profile.id);
    expect(after.inForce).toMatchObject({ endsAt: excl.active!.endsAt, liftsAt: null });
    expect(after.excludedUntil).toBe(excl.active!.endsAt);

    clocked.clock.ms = Date.now();
    const resting = await register(t);
    const brk = await playerTakes(resting.accessToken, 'break', { days: 30 });
    clocked.clock.ms += 5 * DAY;
    const onBreak = await call(
      await staffNow('admin'),
      'POST',
      liftUrl(resting.profile.id, brk.active!.protectionId),
      { reason: 'player asked to come back early' },
    );
    expect(onBreak.statusCode, onBreak.body).toBe(409);
    expect((await profileOf(await staffNow('admin'), resting.profile.id)).excludedUntil).toBe(
      brk.active!.endsAt,
    );
  });

  it('records the lift of an indefinite exclusion after 6 months only, for compliance, audited', async () => {
    clocked.clock.ms = Date.now();
    const player = await register(t);
    const excl = await playerTakes(player.accessToken, 'exclusion', { period: 'indefinite' });
    const id = excl.active!.protectionId;
    const url = liftUrl(player.profile.id, id);
    const body = { reason: 'signed letter received' };

    clocked.clock.ms += 150 * DAY;
    const compliance = await staffNow('compliance');
    const shown = await profileOf(compliance, player.profile.id);
    expect(shown.excludedUntil).toBeNull();
    expect(Date.parse(shown.inForce!.earliestLiftAt!)).toBeGreaterThan(clocked.clock.ms);
    const early = await call(compliance, 'POST', url, body);
    expect(early.statusCode, early.body).toBe(409);
    expect(errorOf(early).details).toEqual({ earliestLiftAt: shown.inForce!.earliestLiftAt });

    clocked.clock.ms += 40 * DAY;
    const now = await staffNow('compliance');
    expect(failedFields(await call(now, 'POST', url, {}))).toEqual(['body.reason']);
    for (const role of ['support', 'marketing', 'finance'] as const) {
      const refused = await call(await staffNow(role), 'POST', url, body);
      expect(refused.statusCode, role).toBe(403);
    }
    const lifted = await call(now, 'POST', url, body);
    expect(lifted.statusCode, lifted.body).toBe(200);
    const standing = protectionStandingSchema.parse(lifted.json());
    expect(Date.parse(standing.excludedUntil!)).toBe(clocked.clock.ms + 7 * DAY);
    expect((await call(now, 'POST', url, body)).statusCode).toBe(409);

    const record = await profileOf(now, player.profile.id);
    expect(record.inForce).toMatchObject({ protectionId: id, earliestLiftAt: null });
    expect(Date.parse(record.inForce!.liftsAt!)).toBe(clocked.clock.ms + 7 * DAY);

    const audit = auditListSchema.parse(
      (
        await call(
          await staffNow('admin'),
          'GET',
          `/api/admin/audit?targetId=${player.profile.id}&action=protection.lift-recorded`,
        )
      ).json(),
    ).data;
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      staffId: now.id,
      reason: 'signed letter received',
      before: { protectionId: id, liftRequestedAt: null, liftsAt: null },
      after: { protectionId: id, liftsAt: standing.excludedUntil },
    });
  });

  it('answers 404 for a protection of another player', async () => {
    clocked.clock.ms = Date.now();
    const one = await register(t);
    const other = await register(t);
    const excl = await playerTakes(one.accessToken, 'exclusion', { period: 'indefinite' });
    const res = await call(
      await staffNow('admin'),
      'POST',
      liftUrl(other.profile.id, excl.active!.protectionId),
      { reason: 'wrong player' },
    );
    expect(res.statusCode, res.body).toBe(404);
  });
});
