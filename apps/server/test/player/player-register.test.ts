import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  fieldValidationListSchema,
  playerProfileSchema,
  sessionResponseSchema,
} from '@coinfall/shared';
import { createTestApp, TEST_PREVIEW_TOKEN, type TestApp } from '../test-app.ts';
import {
  bearer,
  errorOf,
  failedFields,
  login,
  PASSWORD,
  register,
  registerBody,
  uniqueEmail,
} from './player-fixtures.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_KEY_PREFIX: `test:${randomUUID()}:` });
});

afterAll(async () => {
  await t.close();
});

const postRegister = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/player/register', payload: payload as object });

describe('POST /api/player/register', () => {
  it('creates the player, opens a session and answers like a login', async () => {
    const body = registerBody({ nickname: 'lucky_ace', location: { lat: 40.7128, lon: -74.006 } });
    const res = await postRegister(body);
    expect(res.statusCode).toBe(200);
    const session = sessionResponseSchema.parse(res.json());
    expect(session.expiresAfter).toBeGreaterThan(800);
    expect(session.expiresAfter).toBeLessThanOrEqual(900);
    expect(session.profile).toMatchObject({
      email: body.email,
      nickname: 'lucky_ace',
      agreedTc: true,
      kycVerified: false,
      confirmedAt: null,
      phoneConfirmed: false,
      status: 1,
      segmentIds: [],
      isNewlyRegistered: true,
    });
  });

  it('stores the email lowercased and refuses the same address in another case with 409', async () => {
    const email = uniqueEmail('Mixed.Case');
    const first = await postRegister(registerBody({ email }));
    expect(sessionResponseSchema.parse(first.json()).profile.email).toBe(email.toLowerCase());
    const again = await postRegister(registerBody({ email: email.toUpperCase() }));
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('EMAIL_TAKEN');
  });

  it.each([
    ['a missing email', { email: undefined }, 'body.email'],
    ['a malformed email', { email: 'not-an-email' }, 'body.email'],
    ['a password under 6 characters', { password: '12345' }, 'body.password'],
    ['agreements not accepted', { agreements: false }, 'body.agreements'],
    ['a missing receiveEmailPromo', { receiveEmailPromo: undefined }, 'body.receiveEmailPromo'],
    ['a device without a type', { device: {} }, 'body.device.type'],
    ['a latitude out of range', { location: { lat: 91, lon: 0 } }, 'body.location.lat'],
  ])('answers 400 naming the field for %s', async (_name, overrides, field) => {
    const res = await postRegister(registerBody(overrides));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('VALIDATION_FAILED');
    expect(failedFields(res)).toContain(field);
  });
});

describe('GET /api/player/profile', () => {
  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/player/profile' });
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).code).toBe('UNAUTHENTICATED');
  });

  it('is newly registered in the registration session only', async () => {
    const registered = await register(t);
    const inFirst = await t.app.inject({
      method: 'GET',
      url: '/api/player/profile',
      headers: bearer(registered.accessToken),
    });
    expect(inFirst.statusCode).toBe(200);
    const profile = playerProfileSchema.parse(inFirst.json());
    expect(profile).toMatchObject({ id: registered.profile.id, isNewlyRegistered: true });

    const loggedIn = await login(t, registered.email, PASSWORD);
    expect(loggedIn.statusCode).toBe(200);
    const second = sessionResponseSchema.parse(loggedIn.json());
    expect(second.profile.isNewlyRegistered).toBe(false);
    const inSecond = await t.app.inject({
      method: 'GET',
      url: '/api/player/profile',
      headers: bearer(second.accessToken),
    });
    expect(playerProfileSchema.parse(inSecond.json()).isNewlyRegistered).toBe(false);
  });
});

describe('GET /api/player/fields/validations', () => {
  const fields = async (scenario: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/player/fields/validations?scenario=${scenario}`,
    });
    expect(res.statusCode).toBe(200);
    return fieldValidationListSchema.parse(res.json()).data;
  };

  it('lists the registration fields', async () => {
    expect(await fields('registration')).toEqual([
      { name: 'email', isRequired: true },
      { name: 'password', isRequired: true },
      { name: 'agreements', isRequired: true },
      { name: 'receiveEmailPromo', isRequired: false },
    ]);
  });

  it('lists the registration fields of the content: the drafts’ list under a valid preview', async () => {
    // drafts/en/global-components.json asks a required nickname and no promo consent.
    const draft = JSON.parse(
      readFileSync(
        new URL('../../content/drafts/en/global-components.json', import.meta.url),
        'utf8',
      ),
    ) as { registrationFields: unknown };
    const previewed = await t.app.inject({
      method: 'GET',
      url: '/api/player/fields/validations?scenario=registration',
      cookies: { content_preview: TEST_PREVIEW_TOKEN },
    });
    expect(fieldValidationListSchema.parse(previewed.json()).data).toEqual(
      draft.registrationFields,
    );
    expect(draft.registrationFields).toContainEqual({ name: 'nickname', isRequired: true });
    // A stale or wrong preview cookie reads the published list instead of refusing.
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/api/player/fields/validations?scenario=registration',
      cookies: { content_preview: 'not-the-preview-token-at-all' },
    });
    expect(fieldValidationListSchema.parse(wrong.json()).data).toEqual(
      await fields('registration'),
    );
  });

  it('requires every complete-profile field, agreements, city and region included', async () => {
    const profile = await fields('profile');
    const required = profile.filter((f) => f.isRequired).map((f) => f.name);
    for (const name of [
      'address',
      'agreedTc',
      'birthdate',
      'city',
      'country',
      'email',
      'phone',
      'firstName',
      'lastName',
      'postalCode',
      'region',
      'agreements',
    ])
      expect(required).toContain(name);
  });

  it('answers 400 naming the query field for an unknown scenario', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/player/fields/validations?scenario=checkout',
    });
    expect(res.statusCode).toBe(400);
    expect(failedFields(res)).toContain('query.scenario');
  });
});

describe('POST /api/player/register against the configured field list', () => {
  const previewCookie = { content_preview: TEST_PREVIEW_TOKEN };

  it('refuses with 400 naming a required configured field that is missing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/player/register',
      payload: registerBody(),
      cookies: previewCookie,
    });
    expect(res.statusCode).toBe(400);
    expect(failedFields(res)).toEqual(['body.nickname']);
  });

  it('registers once the required configured field is given (preview as the site sends it)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/player/register?preview=${TEST_PREVIEW_TOKEN}`,
      payload: registerBody({ nickname: 'draft_nick' }),
    });
    expect(res.statusCode).toBe(200);
    expect(sessionResponseSchema.parse(res.json()).profile.nickname).toBe('draft_nick');
  });

  it('does not ask the nickname where the published list leaves it out', async () => {
    expect((await postRegister(registerBody())).statusCode).toBe(200);
  });
});
