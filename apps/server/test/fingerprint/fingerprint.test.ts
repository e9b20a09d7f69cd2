import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  adminContentDocumentSchema,
  adminPlayerListSchema,
  LOCALES,
  adminPlayerProfileSchema,
  fingerprintResultSchema,
} from '@coinfall/shared';
import { bonusDefinitions, deviceLinks, playerBonuses } from '../../src/db/schema/index.ts';
import { signedInStaff, type SignedInStaff } from '../backoffice/staff-fixtures.ts';
import { bearer, errorOf, failedFields, nextIp, register } from '../player/player-fixtures.ts';
import { createTestApp, type TestApp } from '../test-app.ts';

let t: TestApp;
let support: SignedInStaff;
let marketing: SignedInStaff;
let flagOn = false;

beforeAll(async () => {
  t = await createTestApp();
  support = await signedInStaff(t, 'support');
  marketing = await signedInStaff(t, 'marketing');
});
afterAll(async () => t?.close());
beforeEach(() => setFingerprintFlag(false));

/**
 * Switches the content flag `enabledFingerprint` as an editor does: each locale's
 * global-components saved as a draft with the flag and published from the back office.
 */
async function setFingerprintFlag(on: boolean): Promise<void> {
  if (flagOn === on) return;
  for (const locale of LOCALES) {
    const url = `/api/admin/content/${locale}/global-components`;
    const call = (method: 'GET' | 'PUT' | 'POST', path: string, payload?: object) =>
      t.app.inject({ method, url: `${url}${path}`, headers: marketing.headers, payload });
    const current = adminContentDocumentSchema.parse((await call('GET', '')).json());
    const document = { ...(current.published as object), enabledFingerprint: on };
    const draft = await call('PUT', '/draft', { document, reason: 'fingerprint test' });
    expect(draft.statusCode, draft.body).toBe(200);
    const { draftHash } = adminContentDocumentSchema.parse(draft.json());
    const published = await call('POST', '/publish', { draftHash, reason: 'fingerprint test' });
    expect(published.statusCode, published.body).toBe(200);
  }
  flagOn = on;
}

const newVisitorId = () => randomBytes(16).toString('hex');

/** From an address of its own each time: the route's per-address limit has a test of its own. */
function reportDevice(token: string, query: Record<string, string>, remoteAddress = nextIp()) {
  return t.app.inject({
    method: 'GET',
    url: `/api/fp?${new URLSearchParams(query).toString()}`,
    headers: bearer(token),
    remoteAddress,
  });
}

async function welcomeRows(playerId: string) {
  const [welcome] = await t.database.db
    .select()
    .from(bonusDefinitions)
    .where(eq(bonusDefinitions.slug, 'welcome'));
  return t.database.db
    .select()
    .from(playerBonuses)
    .where(and(eq(playerBonuses.playerId, playerId), eq(playerBonuses.bonusId, welcome!.id)));
}

describe('GET /api/fp', () => {
  it('links the visitor id to the session’s player, once per pair, counting the reports', async () => {
    const player = await register(t);
    const visitorId = newVisitorId();
    const first = await reportDevice(player.accessToken, {
      visitorId,
      email: player.email.toUpperCase(),
      userId: player.profile.id,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ linked: true, welcome: 'none' });
    await reportDevice(player.accessToken, { visitorId });

    const links = await t.database.db
      .select()
      .from(deviceLinks)
      .where(eq(deviceLinks.visitorId, visitorId));
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({ playerId: player.profile.id, seenCount: 2 });
    expect(links[0]!.lastSeenAt.getTime()).toBeGreaterThanOrEqual(links[0]!.firstSeenAt.getTime());
  });

  it('never links the device to the account the query names: 400 naming userId or email', async () => {
    const player = await register(t);
    const victim = await register(t);
    const visitorId = newVisitorId();
    const byId = await reportDevice(player.accessToken, { visitorId, userId: victim.profile.id });
    expect(byId.statusCode).toBe(400);
    expect(failedFields(byId)).toEqual(['query.userId']);
    const byEmail = await reportDevice(player.accessToken, { visitorId, email: victim.email });
    expect(failedFields(byEmail)).toEqual(['query.email']);
    const links = await t.database.db
      .select()
      .from(deviceLinks)
      .where(eq(deviceLinks.visitorId, visitorId));
    expect(links).toEqual([]);
  });

  it('refuses a malformed visitor id with 400 naming the field, and a guest with 401', async () => {
    const player = await register(t);
    const bad = await reportDevice(player.accessToken, { visitorId: 'not-a-fingerprint' });
    expect(bad.statusCode).toBe(400);
    expect(failedFields(bad)).toEqual(['query.visitorId']);
    const guest = await t.app.inject({ method: 'GET', url: `/api/fp?visitorId=${newVisitorId()}` });
    expect(guest.statusCode).toBe(401);
    expect(errorOf(guest).code).toBe('UNAUTHENTICATED');
  });

  it('limits the reports of one address to 10 a minute', async () => {
    const player = await register(t);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      statuses.push(
        (await reportDevice(player.accessToken, { visitorId: newVisitorId() }, '203.0.113.9'))
          .statusCode,
      );
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('welcome coins once per device (fingerprint on)', () => {
  it('waits for the device, grants the first account and refuses a second on the same device', async () => {
    await setFingerprintFlag(true);
    const device = newVisitorId();
    const first = await register(t);
    expect(await welcomeRows(first.profile.id)).toEqual([]);
    const firstReport = await reportDevice(first.accessToken, { visitorId: device });
    expect(firstReport.json()).toEqual({ linked: true, welcome: 'granted' });
    expect((await welcomeRows(first.profile.id)).length).toBeGreaterThan(0);

    const second = await register(t);
    const secondReport = await reportDevice(second.accessToken, { visitorId: device });
    expect(secondReport.json()).toEqual({ linked: true, welcome: 'refused' });
    expect(await welcomeRows(second.profile.id)).toEqual([]);
    // Decided once: a later report from a fresh device does not reopen it.
    const again = await reportDevice(second.accessToken, { visitorId: newVisitorId() });
    expect(again.json()).toEqual({ linked: true, welcome: 'none' });
    expect(await welcomeRows(second.profile.id)).toEqual([]);
  });

  it('grants exactly one of two new accounts reporting the same device at once', async () => {
    await setFingerprintFlag(true);
    const device = newVisitorId();
    const [a, b] = await Promise.all([register(t), register(t)]);
    const answers = await Promise.all(
      [a, b].map(async (p) =>
        fingerprintResultSchema.parse(
          (await reportDevice(p.accessToken, { visitorId: device })).json(),
        ),
      ),
    );
    expect(answers.map((r) => r.welcome).sort()).toEqual(['granted', 'refused']);
  });

  it('grants a second account whose device nobody else used', async () => {
    await setFingerprintFlag(true);
    const player = await register(t);
    const res = await reportDevice(player.accessToken, { visitorId: newVisitorId() });
    expect(res.json()).toEqual({ linked: true, welcome: 'granted' });
  });

  it('keeps granting at registration while the flag is off', async () => {
    const player = await register(t);
    expect((await welcomeRows(player.profile.id)).length).toBeGreaterThan(0);
  });
});

describe('back office: players sharing a device', () => {
  it('lists the other players on the profile and finds them by visitor id', async () => {
    const device = newVisitorId();
    const a = await register(t);
    const b = await register(t);
    const loner = await register(t);
    await reportDevice(a.accessToken, { visitorId: device });
    await reportDevice(b.accessToken, { visitorId: device });
    await reportDevice(loner.accessToken, { visitorId: newVisitorId() });

    const profileRes = await t.app.inject({
      method: 'GET',
      url: `/api/admin/players/${a.profile.id}`,
      headers: support.headers,
    });
    expect(profileRes.statusCode).toBe(200);
    const profile = adminPlayerProfileSchema.parse(profileRes.json());
    expect(profile.devices).toEqual([expect.objectContaining({ visitorId: device, count: 1 })]);
    expect(profile.sharedDevices).toEqual([
      expect.objectContaining({ playerId: b.profile.id, email: b.email, visitorIds: [device] }),
    ]);

    const search = await t.app.inject({
      method: 'GET',
      url: `/api/admin/players?q=${device.toUpperCase()}`,
      headers: support.headers,
    });
    expect(search.statusCode).toBe(200);
    const ids = adminPlayerListSchema.parse(search.json()).data.map((p) => p.id);
    expect(ids.sort()).toEqual([a.profile.id, b.profile.id].sort());
  });

  it('keeps the devices from a caller without a staff session', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/players?q=${newVisitorId()}`,
    });
    expect(res.statusCode).toBe(401);
  });
});
