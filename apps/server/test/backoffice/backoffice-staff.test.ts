import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditListSchema,
  staffAccountCreatedSchema,
  staffAccountListSchema,
  staffAccountSchema,
  staffChallengeSchema,
  staffMeSchema,
} from '@coinfall/shared';
import { errorOf, failedFields } from '../player/player-fixtures.ts';
import { createTestApp, holdLock, type TestApp } from '../test-app.ts';
import {
  anotherSession,
  passwordStep,
  signedInStaff,
  type SignedInStaff,
} from './staff-fixtures.ts';

/**
 * The staff accounts an admin manages (issue 17, decision 043): create with a drawn password,
 * change the role, disable (every session ends) and enable, reset the two-factor; each audited
 * with before, after and the reason; never on one's own account.
 */
let t: TestApp;
let admin: SignedInStaff;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInStaff(t, 'admin');
});
afterAll(async () => t?.close());

const post = (staff: SignedInStaff, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: staff.headers, payload });
async function rowsOf<T>(query: SQL): Promise<T[]> {
  const result: unknown = await t.database.db.execute(query);
  return (result as { rows: T[] }).rows;
}
const me = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/admin/me', headers });

async function auditOf(targetId: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/audit?targetId=${targetId}`,
    headers: admin.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return auditListSchema.parse(res.json()).data;
}

describe('POST /api/admin/staff', () => {
  it('creates an account with a drawn password shown once, which signs in and enrols', async () => {
    const email = `New-${Date.now()}@Staff.example.com`;
    const res = await post(admin, '/api/admin/staff', { email, role: 'support' });
    expect(res.statusCode, res.body).toBe(201);
    const { account, password } = staffAccountCreatedSchema.parse(res.json());
    expect(account).toMatchObject({ email: email.toLowerCase(), role: 'support', enrolled: false });
    expect(password.length).toBeGreaterThanOrEqual(20);

    const first = await passwordStep(t.app, account.email, password);
    expect(first.statusCode, first.body).toBe(200);
    expect(staffChallengeSchema.parse(first.json()).enrolment).not.toBeNull();

    const [created] = await auditOf(account.id);
    expect(created).toMatchObject({ action: 'staff.created', staffId: admin.id });
    expect(JSON.stringify(created)).not.toContain(password);

    const again = await post(admin, '/api/admin/staff', { email, role: 'finance' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('EMAIL_TAKEN');

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/staff?perPage=100',
      headers: admin.headers,
    });
    const rows = staffAccountListSchema.parse(list.json()).data;
    expect(rows.find((r) => r.id === account.id)).toMatchObject({ role: 'support' });
  });

  it('answers 400 naming the field', async () => {
    const res = await post(admin, '/api/admin/staff', { email: 'not-an-email', role: 'owner' });
    expect(res.statusCode).toBe(400);
    expect(failedFields(res).sort()).toEqual(['body.email', 'body.role']);
  });
});

describe('changing a staff account', () => {
  it('changes the role, effective at the next request, audited with before, after and reason', async () => {
    const member = await signedInStaff(t, 'support');
    // Read once before: the node now holds the session (decision 074), and must not serve it.
    expect(staffMeSchema.parse((await me(member.headers)).json()).role).toBe('support');
    const res = await post(admin, `/api/admin/staff/${member.id}/role`, {
      role: 'finance',
      reason: 'Moved to the finance team',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(staffAccountSchema.parse(res.json()).role).toBe('finance');
    const now = staffMeSchema.parse((await me(member.headers)).json());
    expect(now.role).toBe('finance');
    expect(now.permissions).toContain('reports.read');

    const [row] = await auditOf(member.id);
    expect(row).toMatchObject({
      action: 'staff.role-changed',
      staffId: admin.id,
      before: { role: 'support' },
      after: { role: 'finance' },
      reason: 'Moved to the finance team',
    });
  });

  it('requires a reason and a known role (400 naming them)', async () => {
    const member = await signedInStaff(t, 'support');
    // Read once before: the node now holds the session (decision 074), and must not serve it.
    expect(staffMeSchema.parse((await me(member.headers)).json()).role).toBe('support');
    const res = await post(admin, `/api/admin/staff/${member.id}/role`, { role: 'boss' });
    expect(res.statusCode).toBe(400);
    expect(failedFields(res).sort()).toEqual(['body.reason', 'body.role']);
    const disable = await post(admin, `/api/admin/staff/${member.id}/disable`, { reason: '' });
    expect(disable.statusCode).toBe(400);
    expect(failedFields(disable)).toEqual(['body.reason']);
  });

  it('disables: every session ends at once and the password no longer signs in; enable restores sign-in', async () => {
    const member = await signedInStaff(t, 'compliance');
    const second = await anotherSession(t.app, member);
    for (const headers of [member.headers, second.headers]) {
      expect((await me(headers)).statusCode).toBe(200);
    }

    const res = await post(admin, `/api/admin/staff/${member.id}/disable`, {
      reason: 'Left the company',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(staffAccountSchema.parse(res.json()).disabledAt).not.toBeNull();
    for (const headers of [member.headers, second.headers]) {
      const gone = await me(headers);
      expect(gone.statusCode).toBe(401);
      expect(errorOf(gone).code).toBe('STAFF_UNAUTHENTICATED');
    }
    expect((await passwordStep(t.app, member.email)).statusCode).toBe(401);

    const enabled = await post(admin, `/api/admin/staff/${member.id}/enable`, {
      reason: 'Came back',
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(staffAccountSchema.parse(enabled.json()).disabledAt).toBeNull();
    // The ended sessions stay ended; a new sign-in works.
    expect((await me(member.headers)).statusCode).toBe(401);
    expect((await passwordStep(t.app, member.email)).statusCode).toBe(200);

    const rows = await auditOf(member.id);
    expect(rows.map((r) => r.action).slice(0, 2)).toEqual(['staff.enabled', 'staff.disabled']);
    expect(rows[1]).toMatchObject({
      before: { disabled: false },
      after: { disabled: true },
      reason: 'Left the company',
    });
  });

  it('resets the two-factor: sessions end, recovery codes stop working, the next sign-in enrols again', async () => {
    const member = await signedInStaff(t, 'marketing');
    expect((await me(member.headers)).statusCode).toBe(200);
    const res = await post(admin, `/api/admin/staff/${member.id}/reset-two-factor`, {
      reason: 'Lost their phone',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(staffAccountSchema.parse(res.json()).enrolled).toBe(false);
    expect((await me(member.headers)).statusCode).toBe(401);

    const first = await passwordStep(t.app, member.email);
    const challenge = staffChallengeSchema.parse(first.json());
    expect(challenge.enrolment).not.toBeNull();
    expect(challenge.enrolment!.secret).not.toBe(member.secret);
    const recovery = await t.app.inject({
      method: 'POST',
      url: '/api/admin/session/totp',
      payload: { challenge: challenge.challenge, recoveryCode: member.recoveryCodes[0] },
    });
    expect(recovery.statusCode).toBe(401);

    const [row] = await auditOf(member.id);
    expect(row).toMatchObject({
      action: 'staff.two-factor-reset',
      before: { enrolled: true },
      after: { enrolled: false },
      reason: 'Lost their phone',
    });
  });

  it('refuses changes to one’s own account (409) and unknown accounts (404)', async () => {
    const own = await post(admin, `/api/admin/staff/${admin.id}/disable`, { reason: 'Oops' });
    expect(own.statusCode).toBe(409);
    // The same uuid in capitals is the same account.
    const shouted = await post(admin, `/api/admin/staff/${admin.id.toUpperCase()}/role`, {
      role: 'support',
      reason: 'Oops',
    });
    expect(shouted.statusCode, shouted.body).toBe(409);
    expect((await me(admin.headers)).statusCode).toBe(200);
    const unknown = await post(admin, `/api/admin/staff/${crypto.randomUUID()}/enable`, {
      reason: 'Nobody',
    });
    expect(unknown.statusCode).toBe(404);
  });

  // Both requests are held past the guard by a lock on one admin's row, taken on a connection of
  // its own (so PostgreSQL only), then let go together.
  it.skipIf(!process.env.DATABASE_URL)(
    'keeps the last enabled admin when two admins disable each other at once',
    async () => {
      const [a, b] = [await signedInStaff(t, 'admin'), await signedInStaff(t, 'admin')];
      // Only these two are enabled admins for the test; the others come back after it.
      const sidelined = await rowsOf<{ id: string }>(
        sql`update staff set disabled_at = now()
            where role = 'admin' and disabled_at is null and id not in (${a.id}, ${b.id})
            returning id`,
      );
      const { release, holder } = await holdLock(
        t,
        sql`select id from staff where id = ${a.id} for update`,
      );
      try {
        let settled = 0;
        const answers = [
          post(a, `/api/admin/staff/${b.id}/disable`, { reason: 'Leaving' }),
          post(b, `/api/admin/staff/${a.id}/disable`, { reason: 'Leaving' }),
        ].map((p) => p.finally(() => (settled += 1)));
        // Each is either waiting on a lock or done: none still before its transaction.
        await expect
          .poll(async () => {
            const [row] = await rowsOf<{ n: number }>(
              sql`select count(*)::int as n from pg_stat_activity
                  where datname = current_database() and wait_event_type = 'Lock'`,
            );
            return (row?.n ?? 0) + settled;
          })
          .toBe(2);
        release();
        const statuses = (await Promise.all(answers)).map((r) => r.statusCode);
        expect(statuses.filter((s) => s === 200)).toHaveLength(1);
        const [enabled] = await rowsOf<{ n: number }>(
          sql`select count(*)::int as n from staff
              where role = 'admin' and disabled_at is null and id in (${a.id}, ${b.id})`,
        );
        expect(enabled?.n).toBe(1);
      } finally {
        release();
        await holder;
        for (const { id } of sidelined) {
          await t.database.db.execute(sql`update staff set disabled_at = null where id = ${id}`);
        }
      }
    },
  );

  it('refuses every other role (403)', async () => {
    const member = await signedInStaff(t, 'support');
    const compliance = await signedInStaff(t, 'compliance');
    const res = await post(compliance, `/api/admin/staff/${member.id}/disable`, {
      reason: 'Not mine to do',
    });
    expect(res.statusCode).toBe(403);
    expect((await me(member.headers)).statusCode).toBe(200);
  });
});
