import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  STAFF_COOKIE,
  auditListSchema,
  errorBodySchema,
  staffChallengeSchema,
  staffMeSchema,
  staffSessionListSchema,
  staffSignedInSchema,
} from '@coinfall/shared';
import { totpCode } from '../../src/modules/backoffice/staff-totp.fns.ts';
import { bearer, register } from '../player/player-fixtures.ts';
import { createClockedApp, createTestApp, type TestApp } from '../test-app.ts';
import {
  STAFF_PASSWORD,
  anotherSession,
  errorCode,
  passwordStep,
  secondStep,
  signedInStaff,
  staffCookie,
} from './staff-fixtures.ts';

describe('staff sign-in (decision 031)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const me = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/admin/me', headers });

  it('opens no session on the password alone: the TOTP code is mandatory', async () => {
    const email = `nocode-${Date.now()}@staff.example.com`;
    await t.app.backoffice.accounts.create(null, {
      email,
      role: 'support',
      password: STAFF_PASSWORD,
    });
    const first = await passwordStep(t.app, email);
    expect(first.statusCode).toBe(200);
    expect(first.cookies.find((c) => c.name === STAFF_COOKIE)).toBeUndefined();
    const challenge = staffChallengeSchema.parse(first.json());
    expect(challenge.enrolment?.qrDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(challenge.enrolment?.otpauthUrl).toContain('otpauth://totp/');

    // The challenge is no session token.
    expect((await me(staffCookie(challenge.challenge))).statusCode).toBe(401);
    // A wrong code: no cookie, 401.
    const wrong = await secondStep(t.app, { challenge: challenge.challenge, code: '000000' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.cookies.find((c) => c.name === STAFF_COOKIE)).toBeUndefined();
    // No code at all: 400 naming it.
    const none = await secondStep(t.app, { challenge: challenge.challenge });
    expect(none.statusCode).toBe(400);
    expect(errorBodySchema.parse(none.json()).details?.fields?.[0]?.field).toBe('body.code');
  });

  it('enrols at the first sign-in, then refuses a code used once and takes a recovery code once', async () => {
    const staff = await signedInStaff(t, 'admin');
    expect(staff.recoveryCodes).toHaveLength(10);
    const mine = staffMeSchema.parse((await me(staff.headers)).json());
    expect(mine).toMatchObject({ email: staff.email, role: 'admin' });
    expect(mine.permissions).toContain('staff.manage');

    // Enrolled: no QR any more.
    const again = staffChallengeSchema.parse((await passwordStep(t.app, staff.email)).json());
    expect(again.enrolment).toBeNull();
    // The enrolment's code (this step) was used: it never signs in again.
    const replay = await secondStep(t.app, {
      challenge: again.challenge,
      code: totpCode(staff.secret, Date.now()),
    });
    expect(replay.statusCode).toBe(401);
    // The next step's code (a clock 30 s ahead) does.
    const next = await secondStep(t.app, {
      challenge: again.challenge,
      code: totpCode(staff.secret, Date.now() + 30_000),
    });
    expect(next.statusCode).toBe(200);
    expect(staffSignedInSchema.parse(next.json()).recoveryCodes).toBeNull();

    const recoveryCode = staff.recoveryCodes[0]!;
    const viaRecovery = await secondStep(t.app, { challenge: again.challenge, recoveryCode });
    expect(viaRecovery.statusCode).toBe(200);
    const spent = await secondStep(t.app, { challenge: again.challenge, recoveryCode });
    expect(spent.statusCode).toBe(401);
  });

  it('refuses a player token on staff routes and a staff token on player routes', async () => {
    const player = await register(t);
    const staff = await signedInStaff(t, 'admin');
    const asPlayer = await me(bearer(player.accessToken));
    expect(asPlayer.statusCode).toBe(401);
    expect(errorCode(asPlayer.body)).toBe('STAFF_UNAUTHENTICATED');
    // The staff token as a bearer works on staff routes…
    expect((await me(bearer(staff.token))).statusCode).toBe(200);
    // …and opens nothing of the player's API.
    const onPlayer = await t.app.inject({
      method: 'GET',
      url: '/api/player/profile',
      headers: bearer(staff.token),
    });
    expect(onPlayer.statusCode).toBe(401);
  });

  it('locks the password step after repeated failures, like the player login', async () => {
    const staff = await signedInStaff(t, 'support');
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/session/password',
        remoteAddress: '198.18.0.7',
        payload: { email: staff.email, password: 'wrong password' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.at(-1)).toBe(429);
  });

  it('verifies only the free tries of a burst of passwords sent at once', async () => {
    const staff = await signedInStaff(t, 'support');
    const statuses = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/admin/session/password',
          remoteAddress: '198.18.0.8',
          payload: { email: staff.email, password: `guess ${i}` },
        });
        return res.statusCode;
      }),
    );
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });

  it('lists the caller’s sessions, revokes another, signs out, and audits each', async () => {
    const staff = await signedInStaff(t, 'compliance');
    const other = await anotherSession(t.app, staff);
    const list = staffSessionListSchema.parse(
      (
        await t.app.inject({ method: 'GET', url: '/api/admin/sessions', headers: staff.headers })
      ).json(),
    );
    expect(list.meta.totalRows).toBe(2);
    const otherId = list.data.find((s) => !s.current)!.id;
    expect((await me(other.headers)).statusCode).toBe(200);
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/sessions/${otherId}`,
      headers: staff.headers,
    });
    expect(revoked.statusCode).toBe(204);
    expect((await me(other.headers)).statusCode).toBe(401);

    const out = await t.app.inject({
      method: 'DELETE',
      url: '/api/admin/session',
      headers: staff.headers,
    });
    expect(out.statusCode).toBe(204);
    expect((await me(staff.headers)).statusCode).toBe(401);

    const admin = await signedInStaff(t, 'admin');
    const audit = auditListSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/admin/audit?staffId=${staff.id}&perPage=50`,
          headers: admin.headers,
        })
      ).json(),
    );
    expect(audit.data.map((e) => e.action).sort()).toEqual([
      'staff.enrolled',
      'staff.session-revoked',
      'staff.signed-in',
      'staff.signed-in',
      'staff.signed-out',
    ]);
    expect(audit.data.every((e) => e.requestId)).toBe(true);
  });

  it('keeps the audit trail insert-only', async () => {
    await signedInStaff(t, 'support');
    await expect(
      t.database.db.execute(sql`update staff_audit set reason = 'edited'`),
    ).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from staff_audit`)).rejects.toThrow();
  });

  // Two nodes on one database: only Redis carries the change from one to the other.
  it.runIf(Boolean(process.env.REDIS_URL))(
    'refuses at once, on another node, a session ended or an account changed on one',
    async () => {
      // A second node on the same database and Redis (its clock is the real one).
      const { app: nodeB } = await createClockedApp(t);
      try {
        const onB = (headers: Record<string, string>) =>
          nodeB.inject({ method: 'GET', url: '/api/admin/me', headers });
        const admin = await signedInStaff(t, 'admin');
        const member = await signedInStaff(t, 'support');
        const other = await anotherSession(t.app, member);
        for (const headers of [member.headers, other.headers]) {
          expect((await onB(headers)).statusCode).toBe(200); // now cached on node B
        }
        const promoted = await t.app.inject({
          method: 'POST',
          url: `/api/admin/staff/${member.id}/role`,
          headers: admin.headers,
          payload: { role: 'finance', reason: 'Moved to the finance team' },
        });
        expect(promoted.statusCode, promoted.body).toBe(200);
        await expect
          .poll(async () => staffMeSchema.parse((await onB(member.headers)).json()).role, {
            timeout: 1000,
          })
          .toBe('finance');

        const out = await t.app.inject({
          method: 'DELETE',
          url: '/api/admin/session',
          headers: other.headers,
        });
        expect(out.statusCode).toBe(204);
        await expect
          .poll(async () => (await onB(other.headers)).statusCode, { timeout: 1000 })
          .toBe(401);
        expect((await onB(member.headers)).statusCode).toBe(200);
      } finally {
        await nodeB.close();
      }
    },
  );

  it('ends a session idle past the timeout', async () => {
    const { app, clock } = await createClockedApp(t);
    try {
      const staff = await signedInStaff({ app }, 'finance');
      clock.ms += 29 * 60_000;
      expect(
        (await app.inject({ method: 'GET', url: '/api/admin/me', headers: staff.headers }))
          .statusCode,
      ).toBe(200);
      clock.ms += 31 * 60_000;
      const idle = await app.inject({
        method: 'GET',
        url: '/api/admin/me',
        headers: staff.headers,
      });
      expect(idle.statusCode).toBe(401);
      expect(errorBodySchema.parse(idle.json()).message).toMatch(/without use/);
      clock.ms -= 31 * 60_000;
      // Ended for good, not merely refused while idle.
      expect(
        (await app.inject({ method: 'GET', url: '/api/admin/me', headers: staff.headers }))
          .statusCode,
      ).toBe(401);
    } finally {
      await app.close();
    }
  });
});
