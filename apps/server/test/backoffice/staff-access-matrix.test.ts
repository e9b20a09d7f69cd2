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
  'GET /api/admin/players/:id/segments': 'players.read',
  'GET /api/admin/segments': 'promotions.manage',
  'GET /api/admin/segments/:id': 'promotions.manage',
  'POST /api/admin/segments': 'promotions.manage',
  'PUT /api/admin/segments/:id': 'promotions.manage',
  'POST /api/admin/segments/:id/retire': 'promotions.manage',
  'POST /api/admin/players/:id/block': 'players.status',
  'POST /api/admin/players/:id/unblock': 'players.status',
  'POST /api/admin/players/:id/limit': 'players.limit',
  'POST /api/admin/players/:id/unlimit': 'players.limit',
  'POST /api/admin/players/:id/password-reset': 'players.status',
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
  'GET /api/admin/jurisdictions': 'jurisdictions.manage',
  'PUT /api/admin/jurisdictions': 'jurisdictions.manage',
  'GET /api/admin/bonus-definitions': 'promotions.manage',
  'GET /api/admin/bonus-definitions/:id': 'promotions.manage',
  'POST /api/admin/bonus-definitions': 'promotions.manage',
  'PUT /api/admin/bonus-definitions/:id': 'promotions.manage',
  'POST /api/admin/bonus-definitions/:id/status': 'promotions.manage',
  'GET /api/admin/bonus-codes': 'promotions.manage',
  'POST /api/admin/bonus-codes': 'promotions.manage',
  'PUT /api/admin/bonus-codes/:id': 'promotions.manage',
  'POST /api/admin/bonus-codes/:id/status': 'promotions.manage',
  'GET /api/admin/quests': 'promotions.manage',
  'GET /api/admin/quests/:id': 'promotions.manage',
  'POST /api/admin/quests': 'promotions.manage',
  'PUT /api/admin/quests/:id': 'promotions.manage',
  'POST /api/admin/quests/:id/status': 'promotions.manage',
  'GET /api/admin/quest-packages': 'promotions.manage',
  'POST /api/admin/quest-packages': 'promotions.manage',
  'PUT /api/admin/quest-packages/:id': 'promotions.manage',
  'PUT /api/admin/quest-packages/:id/steps': 'promotions.manage',
  'GET /api/admin/loyalty/ladder': 'promotions.manage',
  'PUT /api/admin/loyalty/levels/:id': 'promotions.manage',
  'PUT /api/admin/loyalty/levels/:id/benefits': 'promotions.manage',
  'POST /api/admin/loyalty/sublevels': 'promotions.manage',
  'PUT /api/admin/loyalty/sublevels/:id': 'promotions.manage',
  'POST /api/admin/loyalty/sublevels/:id/retire': 'promotions.manage',
  'POST /api/admin/quest-packages/:id/status': 'promotions.manage',
  'GET /api/admin/support/conversations': 'support.chat',
  'GET /api/admin/support/conversations/:id': 'support.chat',
  'POST /api/admin/support/conversations/:id/take': 'support.chat',
  'POST /api/admin/support/conversations/:id/close': 'support.chat',
  'POST /api/admin/support/conversations/:id/reopen': 'support.chat',
  'POST /api/admin/support/conversations/:id/transfer': 'support.chat',
  'POST /api/admin/support/conversations/:id/messages': 'support.chat',
  'POST /api/admin/support/conversations/:id/read': 'support.chat',
  'POST /api/admin/support/conversations/:id/typing': 'support.chat',
  'GET /api/admin/support/attachments/:id': 'support.chat',
  'GET /api/admin/support/canned-replies': 'support.chat',
  'POST /api/admin/support/canned-replies': 'support.canned',
  'DELETE /api/admin/support/canned-replies/:id': 'support.canned',
  'PUT /api/admin/support/presence': 'support.chat',
  'GET /api/admin/support/agents': 'support.chat',
  'GET /api/admin/support/realtime-token': 'support.chat',
  'POST /api/admin/staff/:id/role': 'staff.manage',
  'POST /api/admin/staff/:id/disable': 'staff.manage',
  'POST /api/admin/staff/:id/enable': 'staff.manage',
  'POST /api/admin/staff/:id/reset-two-factor': 'staff.manage',
  'GET /api/admin/catalog/games': 'catalog.manage',
  'POST /api/admin/catalog/games/:id': 'catalog.manage',
  'GET /api/admin/catalog/collections': 'catalog.manage',
  'POST /api/admin/catalog/collections/:id': 'catalog.manage',
  'GET /api/admin/catalog/bundles': 'catalog.manage',
  'POST /api/admin/catalog/bundles/:id': 'catalog.manage',
  'GET /api/admin/content': 'content.manage',
  'GET /api/admin/content/:locale/:name': 'content.manage',
  'PUT /api/admin/content/:locale/:name/draft': 'content.manage',
  'DELETE /api/admin/content/:locale/:name/draft': 'content.manage',
  'POST /api/admin/content/:locale/:name/publish': 'content.manage',
  'GET /api/admin/big-deposits': 'deposits.read',
  'GET /api/admin/analytics/funnel': 'analytics.read',
  'GET /api/admin/analytics/players/:id/attribution': 'analytics.read',
  'GET /api/admin/analytics/players/:id/events': 'analytics.read',
  'GET /api/admin/analytics/affiliate-pixel-hits': 'analytics.read',
  'GET /api/admin/analytics/active-players': 'analytics.read',
  'GET /api/admin/analytics/sessions': 'analytics.read',
  'GET /api/admin/analytics/page-views': 'analytics.read',
  'GET /api/admin/analytics/events': 'analytics.read',
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
    // Seven requests per route: the walk grows with the table (30 s ran out on a loaded machine).
  }, 180_000);
});
