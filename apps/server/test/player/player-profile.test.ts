import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { playerProfileSchema } from '@coinfall/shared';
import { players } from '../../src/db/schema/index.ts';
import { createTestApp, type TestApp } from '../test-app.ts';
import { bearer, errorOf, failedFields, register } from './player-fixtures.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_KEY_PREFIX: `test:${randomUUID()}:` });
});

afterAll(async () => {
  await t.close();
});

const putProfile = (token: string | undefined, payload: object) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/player/profile',
    headers: token ? bearer(token) : {},
    payload,
  });
const getProfile = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/player/profile', headers: bearer(token) });

/** A complete, valid profile (birthdate well over 18 years ago). */
const COMPLETE = {
  firstName: 'Ada',
  lastName: 'Lovelace-King',
  nickname: 'ada_l',
  phone: '+14155552671',
  address: '12 Main St.',
  city: 'San Francisco',
  region: 'California',
  country: 'US',
  postalCode: '94105',
  birthdate: '1990-12-10',
  agreedTc: true,
  receiveEmailPromo: true,
} as const;

async function rowOf(playerId: string) {
  const [row] = await t.database.db.select().from(players).where(eq(players.id, playerId));
  if (!row) throw new Error('player row missing');
  return row;
}

describe('PUT /api/player/profile', () => {
  it('saves a complete profile, stamps profile_updated_at and derives isComplete', async () => {
    const { accessToken, profile } = await register(t);
    expect(profile.isComplete).toBe(false);
    expect(profile.isNewlyRegistered).toBe(true);

    const res = await putProfile(accessToken, COMPLETE);
    expect(res.statusCode).toBe(200);
    const saved = playerProfileSchema.parse(res.json());
    const { receiveEmailPromo: _promo, ...shown } = COMPLETE;
    expect(saved).toMatchObject({
      ...shown,
      phone: '14155552671',
      id: profile.id,
      email: profile.email,
      isComplete: true,
      isNewlyRegistered: false,
    });
    const row = await rowOf(profile.id);
    expect(row.profileUpdatedAt).toBeInstanceOf(Date);
    expect(row.receiveEmailPromo).toBe(true);

    const reread = playerProfileSchema.parse((await getProfile(accessToken)).json());
    expect(reread).toMatchObject({ firstName: 'Ada', isComplete: true, isNewlyRegistered: false });
  });

  it('is a partial update: fields left out keep their value; isComplete follows the data', async () => {
    const { accessToken } = await register(t);
    const first = playerProfileSchema.parse(
      (await putProfile(accessToken, { firstName: 'Grace', city: 'Arlington' })).json(),
    );
    expect(first).toMatchObject({ firstName: 'Grace', city: 'Arlington', lastName: null });
    expect(first.isComplete).toBe(false);

    const second = playerProfileSchema.parse(
      (await putProfile(accessToken, { lastName: 'Hopper', nickname: null })).json(),
    );
    expect(second).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', nickname: null });
  });

  it('answers 401 to an anonymous caller and a bad token', async () => {
    expect((await putProfile(undefined, COMPLETE)).statusCode).toBe(401);
    expect((await putProfile('not.a.token', COMPLETE)).statusCode).toBe(401);
  });

  describe('bad input: 400 naming the field, nothing saved', () => {
    let token: string;
    let playerId: string;
    beforeAll(async () => {
      const session = await register(t);
      token = session.accessToken;
      playerId = session.profile.id;
      expect((await putProfile(token, COMPLETE)).statusCode).toBe(200);
    });

    it.each([
      ['a first name with forbidden characters', { firstName: 'Ada<script>' }, 'body.firstName'],
      ['a last name with forbidden characters', { lastName: 'L@velace' }, 'body.lastName'],
      ['an address with forbidden characters', { address: '12 Main St #4' }, 'body.address'],
      ['a 4-character postal code', { postalCode: '9410' }, 'body.postalCode'],
      ['a 6-character postal code', { postalCode: '941050' }, 'body.postalCode'],
      ['a phone that is not a number', { phone: 'call me' }, 'body.phone'],
      ['a phone too short', { phone: '+1415' }, 'body.phone'],
      ['a player under 18', { birthdate: new Date().toISOString().slice(0, 10) }, 'body.birthdate'],
      ['a birthdate that is not a date', { birthdate: '1990-02-30' }, 'body.birthdate'],
      ['a lower-case country', { country: 'us' }, 'body.country'],
      ['an unknown country', { country: 'XX' }, 'body.country'],
      ['a three-letter country', { country: 'USA' }, 'body.country'],
      ['clearing a required field', { city: '' }, 'body.city'],
      ['clearing a required field with null', { region: null }, 'body.region'],
      ['withdrawing the terms', { agreedTc: false }, 'body.agreedTc'],
      ['a one-letter nickname', { nickname: 'a' }, 'body.nickname'],
      ['a non-boolean promo flag', { receiveEmailPromo: 'yes' }, 'body.receiveEmailPromo'],
      ['a number as a name', { firstName: 42 }, 'body.firstName'],
      // The ZIP against country and state (decision 033), on the stored address (CA, 94105).
      ['a US ZIP with country Afghanistan', { country: 'AF' }, 'body.postalCode'],
      ['a US ZIP that does not exist', { postalCode: '00000' }, 'body.postalCode'],
      ['a ZIP of another state', { postalCode: '10001' }, 'body.region'],
      ['a state the ZIP is not in', { region: 'Nevada' }, 'body.region'],
    ])('%s', async (_name, payload, field) => {
      const res = await putProfile(token, payload);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).code).toBe('VALIDATION_FAILED');
      expect(failedFields(res)).toContain(field);
      expect(await rowOf(playerId)).toMatchObject({
        firstName: COMPLETE.firstName,
        postalCode: COMPLETE.postalCode,
        country: 'US',
        city: COMPLETE.city,
        region: COMPLETE.region,
        agreedTc: true,
      });
    });

    it.each([
      ['status', 1],
      ['kycVerified', true],
      ['confirmedAt', new Date().toISOString()],
      ['phoneConfirmed', true],
      ['segmentIds', [1, 2]],
      ['email', 'someone-else@example.com'],
      ['id', randomUUID()],
      ['createdAt', new Date().toISOString()],
    ])('refuses the protected field %s', async (field, value) => {
      const before = await rowOf(playerId);
      const res = await putProfile(token, { firstName: 'Changed', [field]: value });
      expect(res.statusCode).toBe(400);
      expect(failedFields(res)).toEqual([`body.${field}`]);
      expect(await rowOf(playerId)).toEqual(before);
    });

    it('refuses an unknown field', async () => {
      const res = await putProfile(token, { firstName: 'Changed', favouriteGame: 'slots' });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).message).toMatch(/body/);
      expect((await rowOf(playerId)).firstName).toBe(COMPLETE.firstName);
    });

    it('names every failing field at once', async () => {
      const res = await putProfile(token, { postalCode: '1', phone: 'x', country: 'u' });
      expect(failedFields(res)).toEqual(
        expect.arrayContaining(['body.postalCode', 'body.phone', 'body.country']),
      );
    });
  });

  it('lets a player change only their own profile', async () => {
    const a = await register(t);
    const b = await register(t);
    expect((await putProfile(b.accessToken, COMPLETE)).statusCode).toBe(200);

    const res = await putProfile(a.accessToken, { id: b.profile.id, firstName: 'Mallory' });
    expect(res.statusCode).toBe(400);
    expect(failedFields(res)).toContain('body.id');

    const ok = playerProfileSchema.parse(
      (await putProfile(a.accessToken, { firstName: 'Mallory' })).json(),
    );
    expect(ok.id).toBe(a.profile.id);
    expect((await rowOf(b.profile.id)).firstName).toBe(COMPLETE.firstName);
  });
});

describe('the ZIP against the country and the state (decision 033)', () => {
  it('accepts a move when ZIP, state and country change together, and a state by its code', async () => {
    const session = await register(t);
    expect((await putProfile(session.accessToken, COMPLETE)).statusCode).toBe(200);
    const moved = await putProfile(session.accessToken, {
      postalCode: '10001',
      region: 'NY',
      city: 'New York',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(playerProfileSchema.parse(moved.json())).toMatchObject({
      postalCode: '10001',
      region: 'NY',
    });
  });
});
