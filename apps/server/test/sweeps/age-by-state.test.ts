import { bearer, errorOf, failedFields, register } from '../player/player-fixtures.ts';
import { createTestApp, operatorHeaders, type TestApp } from '../test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // A place whose rule asks 21 (the operator's edit: no state is seeded above 18).
  const put = await t.app.inject({
    method: 'PUT',
    url: '/api/dev/protection/jurisdictions',
    headers: operatorHeaders(),
    payload: {
      country: 'US',
      region: 'MS',
      sweepsPlay: true,
      purchaseBonuses: true,
      redemptions: true,
      effectiveFrom: new Date(Date.now() - 60_000).toISOString(),
      redemptionWindDownUntil: null,
      note: 'test: 21 and over',
      minAge: 21,
    },
  });
  if (put.statusCode !== 200) throw new Error(`rule: ${put.statusCode} ${put.body}`);
});
afterAll(() => t.close());

/** YYYY-MM-DD of a birthday `years` ago less a day (the person is exactly that old). */
const bornYearsAgo = (years: number) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};

const updateProfile = (token: string, body: object) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/player/profile',
    headers: bearer(token),
    payload: body,
  });

describe('the minimum age on the profile (PUT /api/player/profile)', () => {
  it('refuses under 18 anywhere, naming the birthdate', async () => {
    const { accessToken } = await register(t);
    const res = await updateProfile(accessToken, { birthdate: bornYearsAgo(17) });
    expect(res.statusCode).toBe(400);
    expect(failedFields(res)).toEqual(['body.birthdate']);
  });

  it('refuses a 19-year-old in a 21+ state with a clear message, accepts a 21-year-old', async () => {
    const young = await register(t);
    const refused = await updateProfile(young.accessToken, {
      country: 'US',
      region: 'MS',
      birthdate: bornYearsAgo(19),
    });
    expect(refused.statusCode).toBe(400);
    expect(failedFields(refused)).toEqual(['body.birthdate']);
    expect(errorOf(refused).details?.fields?.[0]?.message).toBe(
      'You must be at least 21 years old to play in MS',
    );
    // Elsewhere, 19 is old enough.
    const texas = await updateProfile(young.accessToken, {
      country: 'US',
      region: 'TX',
      birthdate: bornYearsAgo(19),
    });
    expect(texas.statusCode, texas.body).toBe(200);

    const older = await register(t);
    const ok = await updateProfile(older.accessToken, {
      country: 'US',
      region: 'Mississippi',
      birthdate: bornYearsAgo(21),
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('refuses moving to a 21+ state with a birthdate already saved', async () => {
    const { accessToken } = await register(t);
    const saved = await updateProfile(accessToken, {
      country: 'US',
      region: 'TX',
      birthdate: bornYearsAgo(20),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const moved = await updateProfile(accessToken, { region: 'MS' });
    expect(moved.statusCode).toBe(400);
    expect(failedFields(moved)).toEqual(['body.birthdate']);
  });
});
