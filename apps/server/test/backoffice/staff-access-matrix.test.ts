import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ROLES, roleMay, type StaffRole } from '@coinfall/shared';
import type { StaffRouteAccess } from '../../src/modules/backoffice/staff-guard.ts';
import { bearer, register } from '../player/player-fixtures.ts';
import { createTestApp, type TestApp } from '../test-app.ts';
import { errorCode, signedInStaff, type SignedInStaff } from './staff-fixtures.ts';

/**
 * Every /api/admin route and the permission it needs. The guard's route table must equal it: a
 * new route fails this test until it is added here (and so is reviewed against the role table).
 */
const EXPECTED: Record<string, StaffRouteAccess> = {
  'POST /api/admin/session/password': 'public',
  'POST /api/admin/session/totp': 'public',
  'GET /api/admin/me': 'self',
  'GET /api/admin/sessions': 'self',
  'DELETE /api/admin/sessions/:id': 'self',
  'GET /api/admin/audit': 'audit.read',
  'GET /api/admin/staff': 'staff.manage',
  'POST /api/admin/staff': 'staff.manage',
  'GET /api/admin/players': 'players.read',
  'GET /api/admin/players/:id': 'players.read',
  'POST /api/admin/players/:id/block': 'players.status',
  'POST /api/admin/players/:id/unblock': 'players.status',
  'POST /api/admin/players/:id/adjustments': 'players.adjust',
  'GET /api/admin/adjustments': 'players.adjust',
  'POST /api/admin/adjustments/:id/approve': 'players.adjust',
  'POST /api/admin/adjustments/:id/reject': 'players.adjust',
  'GET /api/admin/redemptions': 'redemptions.review',
  'POST /api/admin/redemptions/:id/approve': 'redemptions.review',
  'POST /api/admin/redemptions/:id/reject': 'redemptions.review',
  'POST /api/admin/players/:id/amoe-requests': 'amoe.record',
  'GET /api/admin/players/:id/amoe-requests': 'amoe.record',
  'GET /api/admin/kyc/documents': 'kyc.review',
  'GET /api/admin/kyc/documents/:id': 'kyc.review',
  'POST /api/admin/kyc/documents/:id/link': 'kyc.review',
  'GET /api/admin/kyc/documents/:id/file': 'kyc.review',
  'POST /api/admin/kyc/documents/:id/approve': 'kyc.review',
  'POST /api/admin/kyc/documents/:id/reject': 'kyc.review',
  'GET /api/admin/rounds': 'rounds.read',
  'GET /api/admin/rounds/:id': 'rounds.read',
  'POST /api/admin/rounds/:id/rollback': 'rounds.rollback',
  'GET /api/admin/big-wins': 'rounds.read',
  'GET /api/admin/reports/daily': 'reports.read',
  'GET /api/admin/reports/daily.csv': 'reports.read',
  'POST /api/admin/players/:id/protections/:protectionId/lift': 'protection.lift',
  // Last in the walk below: it ends the session that calls it.
  'DELETE /api/admin/session': 'self',
};

describe('the role × endpoint matrix of /api/admin', () => {
  let t: TestApp;
  const staff = new Map<StaffRole, SignedInStaff>();
  let playerToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    for (const role of STAFF_ROLES) staff.set(role, await signedInStaff(t, role));
    playerToken = (await register(t)).accessToken;
  });
  afterAll(async () => t?.close());

  it('names a permission for every staff route, and only the expected one', () => {
    const table = Object.fromEntries(
      t.app.backoffice.routeTable.map((r) => [`${r.method} ${r.url}`, r.access]),
    );
    expect(table).toEqual(EXPECTED);
  });

  it('lets each role through exactly where its permissions say, and no player, no guest', async () => {
    const lines: string[] = [];
    for (const [route, access] of Object.entries(EXPECTED)) {
      if (access === 'public') continue;
      const [method, template] = route.split(' ') as [string, string];
      // An id that names nothing: an allowed role gets past the guard (404/400/409), a refused
      // one stops at it (403), before the body is even read.
      const url = template.replace(/:\w+/g, () => randomUUID());
      const send = (headers: Record<string, string>) =>
        t.app.inject({
          method: method as 'GET',
          url,
          headers,
          payload: method === 'GET' || method === 'DELETE' ? undefined : {},
        });

      const guest = await send({});
      expect(errorCode(guest.body), `${route} as a guest`).toBe('STAFF_UNAUTHENTICATED');
      const player = await send(bearer(playerToken));
      expect(errorCode(player.body), `${route} with a player token`).toBe('STAFF_UNAUTHENTICATED');

      for (const role of STAFF_ROLES) {
        const res = await send(staff.get(role)!.headers);
        const allowed = access === 'self' || roleMay(role, access);
        lines.push(`${route} ${role}: ${res.statusCode}`);
        if (allowed) {
          expect([401, 403], `${route} as ${role}: ${res.body}`).not.toContain(res.statusCode);
        } else {
          expect(res.statusCode, `${route} as ${role}`).toBe(403);
          expect(errorCode(res.body)).toBe('FORBIDDEN');
        }
      }
    }
    expect(lines.length).toBe((Object.keys(EXPECTED).length - 2) * STAFF_ROLES.length);
  });
});
