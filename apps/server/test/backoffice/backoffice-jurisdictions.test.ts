import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminJurisdictionRuleListSchema,
  adminJurisdictionRuleSchema,
  auditListSchema,
  sweepsStandingSchema,
} from '@coinfall/shared';
import { players } from '../../src/db/schema/index.ts';
import { bearer, errorOf, failedFields, register } from '../player/player-fixtures.ts';
import { createTestApp, type TestApp } from '../test-app.ts';
import { signedInStaff, type SignedInStaff } from './staff-fixtures.ts';

/**
 * Issue 16 in the back office (decision 058): compliance lists and puts jurisdiction rules, with
 * a reason, audited; a put changes the player's standing at the next request. The place is a
 * user-assigned ISO code (QM–QZ) picked per run, so a reused PostgreSQL database holds no rule
 * for it yet.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const country = `Q${String.fromCharCode(77 + randomInt(14))}`;
const region = `R${randomInt(10, 100)}`;

const call = (staff: SignedInStaff, method: 'GET' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: staff.headers, ...(payload ? { payload } : {}) });

const rule = (over: object = {}) => ({
  country,
  region,
  sweepsPlay: false,
  purchaseBonuses: false,
  redemptions: true,
  effectiveFrom: '2025-06-01T00:00:00.000Z',
  redemptionWindDownUntil: null,
  note: 'Sweeps Coins play stopped by statute',
  minAge: 21,
  reason: 'New state law (ticket CMP-1)',
  ...over,
});

async function standingOf(token: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/player/protection/jurisdiction',
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return sweepsStandingSchema.parse(res.json());
}

describe('back office: jurisdiction rules', () => {
  it('a compliance put refuses Sweeps Coins play to the place’s players, audited with its reason', async () => {
    const player = await register(t);
    await t.database.db
      .update(players)
      .set({ country, region })
      .where(eq(players.id, player.profile.id));
    expect(await standingOf(player.accessToken)).toMatchObject({ sweepsPlay: true });

    const compliance = await signedInStaff(t, 'compliance');
    const put = await call(compliance, 'PUT', '/api/admin/jurisdictions', rule());
    expect(put.statusCode, put.body).toBe(200);
    const written = adminJurisdictionRuleSchema.parse(put.json());
    expect(written).toMatchObject({ country, region, sweepsPlay: false, minAge: 21 });

    expect(await standingOf(player.accessToken)).toMatchObject({
      country,
      region,
      sweepsPlay: false,
      purchaseBonuses: false,
      redemptions: true,
    });

    // The same place and date again replaces the rule: play allowed back, the audit keeps both.
    const again = await call(
      compliance,
      'PUT',
      '/api/admin/jurisdictions',
      rule({ sweepsPlay: true, purchaseBonuses: true, reason: 'Statute suspended' }),
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(adminJurisdictionRuleSchema.parse(again.json()).id).toBe(written.id);
    expect(await standingOf(player.accessToken)).toMatchObject({ sweepsPlay: true });

    const audit = await call(
      await signedInStaff(t, 'admin'),
      'GET',
      `/api/admin/audit?action=jurisdiction.rule-put&targetId=${written.id}`,
    );
    expect(audit.statusCode, audit.body).toBe(200);
    const entries = auditListSchema.parse(audit.json()).data;
    expect(entries.map((e) => e.reason)).toEqual([
      'Statute suspended',
      'New state law (ticket CMP-1)',
    ]);
    const [latest, first] = entries;
    expect(first).toMatchObject({ staffId: compliance.id, before: null });
    expect(first?.after).toMatchObject({
      sweepsPlay: false,
      note: 'Sweeps Coins play stopped by statute',
    });
    expect(latest?.before).toMatchObject({ sweepsPlay: false });
    expect(latest?.after).toMatchObject({ sweepsPlay: true });

    const list = await call(
      compliance,
      'GET',
      `/api/admin/jurisdictions?country=${country.toLowerCase()}&perPage=5`,
    );
    expect(list.statusCode, list.body).toBe(200);
    const page = adminJurisdictionRuleListSchema.parse(list.json());
    expect(page.meta).toMatchObject({ page: 1, perPage: 5, totalRows: 1 });
    expect(page.data[0]).toMatchObject({ id: written.id, sweepsPlay: true, region });
  });

  it('400 names the field: a wind-down ending before the effective date, a missing reason, a bad country', async () => {
    const compliance = await signedInStaff(t, 'compliance');
    const early = await call(
      compliance,
      'PUT',
      '/api/admin/jurisdictions',
      rule({ redemptions: false, redemptionWindDownUntil: '2025-05-01T00:00:00.000Z' }),
    );
    expect(early.statusCode, early.body).toBe(400);
    expect(failedFields(early)).toEqual(['body.redemptionWindDownUntil']);

    const { reason: _reason, ...noReason } = rule();
    const unexplained = await call(compliance, 'PUT', '/api/admin/jurisdictions', noReason);
    expect(unexplained.statusCode).toBe(400);
    expect(failedFields(unexplained)).toEqual(['body.reason']);

    const badCountry = await call(compliance, 'GET', '/api/admin/jurisdictions?country=USA');
    expect(badCountry.statusCode).toBe(400);
    expect(failedFields(badCountry)).toEqual(['query.country']);
  });

  it('refuses marketing and support (403), and changes nothing', async () => {
    for (const role of ['marketing', 'support'] as const) {
      const staff = await signedInStaff(t, role);
      const put = await call(staff, 'PUT', '/api/admin/jurisdictions', rule({ region: 'NOPE' }));
      expect(put.statusCode).toBe(403);
      expect(errorOf(put).code).toBe('FORBIDDEN');
      expect((await call(staff, 'GET', '/api/admin/jurisdictions')).statusCode).toBe(403);
    }
  });
});
