import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { kycPlayerUpdatedEventSchema, kycStateSchema, playerProfileSchema } from '@coinfall/shared';
import { domainEvents, kycChecks, players } from '../../src/db/schema/index.ts';
import { createTestApp, type TestApp } from '../test-app.ts';
import { bearer, errorOf, failedFields, register } from '../player/player-fixtures.ts';
import { withoutWelcomeCoins } from '../bonus/bonus-fixtures.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_KEY_PREFIX: `test:${randomUUID()}:` });
  // Players start at 0 here, as this suite is about something else (decision 024).
  await withoutWelcomeCoins(t);
});

afterAll(async () => {
  await t.close();
});

const PATH = '/api/player/integrations/tsevo/player';
type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, payload });
const create = (token: string, body: object = {}) => call('POST', PATH, token, body);
const update = (token: string, body: object = {}) => call('PUT', PATH, token, body);
const validate = (token: string) => call('POST', `${PATH}/validate`, token);
const stateOf = async (token: string) => {
  const res = await call('GET', PATH, token);
  expect(res.statusCode).toBe(200);
  return kycStateSchema.parse(res.json());
};
const ok = (res: Awaited<ReturnType<typeof call>>) => {
  expect(res.statusCode, res.body).toBe(200);
  return kycStateSchema.parse(res.json());
};

const IDENTITY = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  birthdate: '1990-12-10',
  address: '12 Main St.',
  city: 'New York',
  region: 'NY',
  country: 'US',
  postalCode: '10001',
};

/** A player whose profile holds everything the provider needs. */
async function verifiablePlayer(overrides: Record<string, string> = {}) {
  const player = await register(t);
  const res = await call('PUT', '/api/player/profile', player.accessToken, {
    ...IDENTITY,
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(200);
  return player;
}

// The identity check's own events (sign-ins and quest progress are recorded for the player too).
const eventsOf = (playerId: string) =>
  t.database.db
    .select()
    .from(domainEvents)
    .where(and(eq(domainEvents.playerId, playerId), eq(domainEvents.type, 'kyc.player.updated')))
    // In the order they were written: PostgreSQL returns rows in any order without one (a row
    // the dispatcher marked delivered may come back after a newer one).
    .orderBy(asc(domainEvents.id));

describe('KYC at tsevo (/api/player/integrations/tsevo/player)', () => {
  it('registers the profile (pending), then validate verifies it and records one event', async () => {
    const { accessToken, profile } = await verifiablePlayer();
    expect(await stateOf(accessToken)).toEqual({
      status: 'none',
      kycVerified: false,
      reference: null,
      reasons: [],
      updatedAt: null,
    });

    const pending = ok(await create(accessToken));
    expect(pending).toMatchObject({ status: 'pending', kycVerified: false, reasons: [] });
    expect(pending.reference).toMatch(/^tsevo_sbx_/);
    expect(await stateOf(accessToken)).toEqual(pending);
    expect(await eventsOf(profile.id)).toHaveLength(0);

    const verified = ok(await validate(accessToken));
    expect(verified).toMatchObject({
      status: 'verified',
      kycVerified: true,
      reference: pending.reference,
    });
    const me = playerProfileSchema.parse(
      (await call('GET', '/api/player/profile', accessToken)).json(),
    );
    expect(me.kycVerified).toBe(true);

    const events = await eventsOf(profile.id);
    expect(events).toHaveLength(1);
    expect(events[0]?.type).toBe('kyc.player.updated');
    expect(kycPlayerUpdatedEventSchema.parse(events[0]?.payload)).toEqual({
      playerId: profile.id,
      kycVerified: true,
      status: 'verified',
    });

    // Asking again changes nothing and publishes nothing.
    expect(ok(await validate(accessToken)).status).toBe('verified');
    expect(await eventsOf(profile.id)).toHaveLength(1);

    const again = await create(accessToken);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('CONFLICT');
    expect((await update(accessToken)).statusCode).toBe(409);
  });

  it('rejects lastName "Reject" with a reason; PUT with corrected data is pending, then verified', async () => {
    const { accessToken, profile } = await verifiablePlayer();
    ok(await create(accessToken, { lastName: 'Reject' }));
    const rejected = ok(await validate(accessToken));
    expect(rejected.status).toBe('rejected');
    expect(rejected.kycVerified).toBe(false);
    expect(rejected.reasons).toHaveLength(1);
    expect(rejected.reasons[0]).toMatch(/name/i);
    const [check] = await t.database.db
      .select()
      .from(kycChecks)
      .where(eq(kycChecks.playerId, profile.id));
    expect(check?.result).toMatchObject({ reasons: [{ code: 'IDENTITY_MISMATCH' }] });

    const corrected = ok(await update(accessToken, { lastName: 'Lovelace' }));
    expect(corrected).toMatchObject({
      status: 'pending',
      reasons: [],
      reference: rejected.reference,
    });
    expect(ok(await validate(accessToken))).toMatchObject({
      status: 'verified',
      kycVerified: true,
    });

    const events = (await eventsOf(profile.id)).map((e) => e.payload);
    expect(events).toEqual([
      { playerId: profile.id, kycVerified: false, status: 'rejected' },
      { playerId: profile.id, kycVerified: true, status: 'verified' },
    ]);
  });

  it('rejects postal code 00000 for the address; a new POST after rejection opens a new check', async () => {
    // The profile refuses an unknown US ZIP now (decision 033): one stored before that check.
    const { accessToken, profile } = await verifiablePlayer();
    await t.database.db
      .update(players)
      .set({ postalCode: '00000' })
      .where(eq(players.id, profile.id));
    const first = ok(await create(accessToken));
    expect(ok(await validate(accessToken)).reasons[0]).toMatch(/address/i);
    const second = ok(await create(accessToken, { postalCode: '10001' }));
    expect(second.status).toBe('pending');
    expect(second.reference).not.toBe(first.reference);
    expect(ok(await validate(accessToken)).status).toBe('verified');
  });

  it('keeps ssnLast4 0000 pending on every validate, with no event; POST meanwhile is 409', async () => {
    const { accessToken, profile } = await verifiablePlayer();
    ok(await create(accessToken, { ssnLast4: '0000' }));
    expect(ok(await validate(accessToken)).status).toBe('pending');
    expect(ok(await validate(accessToken)).status).toBe('pending');
    expect(await eventsOf(profile.id)).toHaveLength(0);
    const twice = await create(accessToken);
    expect(twice.statusCode).toBe(409);

    ok(await update(accessToken, { ssnLast4: '1234' }));
    expect(ok(await validate(accessToken)).status).toBe('verified');
  });

  it('answers 503 while the provider is down (lastName "Unavailable") and stores nothing', async () => {
    const { accessToken, profile } = await verifiablePlayer({ lastName: 'Unavailable' });
    const res = await create(accessToken);
    expect(res.statusCode).toBe(503);
    expect(errorOf(res).code).toBe('SERVICE_UNAVAILABLE');
    expect(
      await t.database.db.select().from(kycChecks).where(eq(kycChecks.playerId, profile.id)),
    ).toEqual([]);
    expect((await stateOf(accessToken)).status).toBe('none');
  });

  it('answers 400 naming every field missing from both the profile and the body', async () => {
    const { accessToken } = await register(t);
    const none = await create(accessToken);
    expect(none.statusCode).toBe(400);
    expect(errorOf(none).code).toBe('VALIDATION_FAILED');
    expect(failedFields(none)).toEqual([
      'body.firstName',
      'body.lastName',
      'body.birthdate',
      'body.address',
      'body.postalCode',
      'body.country',
    ]);
    const some = await create(accessToken, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      birthdate: '1990-12-10',
      country: 'US',
    });
    expect(failedFields(some)).toEqual(['body.address', 'body.postalCode']);
    const all = ok(await create(accessToken, IDENTITY));
    expect(all.status).toBe('pending');
  });

  it.each([
    ['ssnLast4 of 3 digits', { ssnLast4: '123' }, 'body.ssnLast4'],
    ['a country that does not exist', { country: 'XX' }, 'body.country'],
    ['a birthdate that is not a date', { birthdate: '10/12/1990' }, 'body.birthdate'],
  ])('answers 400 for %s', async (_name, body, field) => {
    const { accessToken } = await verifiablePlayer();
    const res = await create(accessToken, body);
    expect(res.statusCode).toBe(400);
    expect(failedFields(res)).toEqual([field]);
  });

  it('answers 404 to PUT and validate before any check', async () => {
    const { accessToken } = await verifiablePlayer();
    const put = await update(accessToken);
    expect(put.statusCode).toBe(404);
    expect(errorOf(put).code).toBe('NOT_FOUND');
    expect((await validate(accessToken)).statusCode).toBe(404);
  });

  describe('access', () => {
    it.each([
      ['GET', PATH],
      ['POST', PATH],
      ['PUT', PATH],
      ['POST', `${PATH}/validate`],
    ] as const)('%s %s answers 401 without a login', async (method, url) => {
      const res = await call(method, url, undefined, method === 'GET' ? undefined : {});
      expect(res.statusCode).toBe(401);
    });

    it("never shows or moves another player's check", async () => {
      const a = await verifiablePlayer();
      const b = await verifiablePlayer();
      ok(await create(a.accessToken));
      expect((await stateOf(b.accessToken)).status).toBe('none');
      expect((await validate(b.accessToken)).statusCode).toBe(404);
      expect((await update(b.accessToken)).statusCode).toBe(404);
      expect((await stateOf(a.accessToken)).status).toBe('pending');
    });
  });
});
