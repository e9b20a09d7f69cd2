import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import {
  PlayerStatus,
  playerProfileSchema,
  sessionResponseSchema,
  socialAuthorizeResponseSchema,
  socialConnectionListSchema,
  socialSignupDetailsSchema,
  supportPassSchema,
  WELCOME_COINS,
  walletAccountListSchema,
} from '@coinfall/shared';
import { playerIdentities, players, socialLoginAttempts } from '../../src/db/schema/index.ts';
import { RESET_REQUIRED_PASSWORD_HASH } from '../../src/modules/player/account-removal.fns.ts';
import { sandboxSubject } from '../../src/modules/social/oidc-sandbox.fns.ts';
import { createTestApp, type TestApp } from '../test-app.ts';
import {
  DEVICE,
  PASSWORD,
  bearer,
  errorOf,
  failedFields,
  login,
  nextIp,
  register,
  uniqueEmail,
} from '../player/player-fixtures.ts';

const PUBLIC_URL = 'https://coinfall.test';
const CALLBACK = `${PUBLIC_URL}/auth/social/sandbox/callback`;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    RATE_LIMIT_KEY_PREFIX: `test:${randomUUID()}:`,
    PUBLIC_URL,
    SANDBOX: 'on',
    // Configured but unreachable (the discard port refuses at once): offered, then a 503.
    SOCIAL_GOOGLE_ISSUER: 'http://127.0.0.1:9',
    SOCIAL_GOOGLE_CLIENT_ID: 'coinfall-google',
    SOCIAL_GOOGLE_CLIENT_SECRET: 'google-secret',
  });
});

afterAll(async () => {
  await t.close();
});

const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers, remoteAddress: nextIp() });

async function authorize(connection = 'sandbox') {
  const res = await post(`/api/player/social/${connection}/authorize`, {});
  expect(res.statusCode, res.body).toBe(200);
  return socialAuthorizeResponseSchema.parse(res.json());
}

/**
 * A browser at the sandbox provider: follows its redirects with a cookie jar, fills in the
 * login page and stops at the site's callback URL, returning what the callback page reads.
 */
async function signInAtSandbox(authorizeUrl: string, who: { email: string; name: string }) {
  const jar = new Map<string, string>();
  async function visit(method: 'GET' | 'POST', url: string, form?: Record<string, string>) {
    const target = new URL(url, PUBLIC_URL);
    expect(target.origin).toBe(PUBLIC_URL);
    const res = await t.app.inject({
      method,
      url: `${target.pathname}${target.search}`,
      headers: {
        host: target.host,
        'x-forwarded-proto': 'https',
        cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      payload: form ? new URLSearchParams(form).toString() : undefined,
    });
    for (const header of [res.headers['set-cookie'] ?? []].flat()) {
      const [pair = ''] = header.split(';');
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(header)) jar.delete(name);
      else jar.set(name, value);
    }
    return res;
  }
  async function follow(res: Awaited<ReturnType<typeof visit>>) {
    let current = res;
    for (let hops = 0; hops < 10; hops += 1) {
      if (current.statusCode < 300 || current.statusCode >= 400) return current;
      const location = new URL(String(current.headers.location), PUBLIC_URL);
      if (location.href.startsWith(CALLBACK)) return current;
      current = await visit('GET', location.href);
    }
    throw new Error('too many redirects');
  }

  const page = await follow(await visit('GET', authorizeUrl));
  expect(page.statusCode, page.body).toBe(200);
  expect(page.headers['content-type']).toMatch(/text\/html/);
  const action = /<form method="post" action="([^"]+)"/.exec(page.body)?.[1];
  expect(action).toMatch(/^\/oidc-sandbox\/interaction\//);
  const back = await follow(await visit('POST', action!, who));
  expect(back.statusCode, back.body).toBe(303);
  const callback = new URL(String(back.headers.location));
  expect(`${callback.origin}${callback.pathname}`).toBe(CALLBACK);
  return {
    code: callback.searchParams.get('code') ?? '',
    state: callback.searchParams.get('state') ?? '',
  };
}

/**
 * The callback page's call, from the browser that started the login: its state cookie holds
 * the state (`browserStates` overrides it: another browser, or none).
 */
const finishLogin = (
  code: string,
  state: string,
  connection = 'sandbox',
  ip = nextIp(),
  browserStates: string[] = [state],
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/player/sessions/social?code=${encodeURIComponent(code)}`,
    payload: { connection, state, device: DEVICE },
    remoteAddress: ip,
    headers: browserStates.length ? { cookie: `cf_social_state=${browserStates.join('.')}` } : {},
  });

/** The whole round trip: authorize, sign in at the sandbox, send code and state to the API. */
async function socialLogin(email: string, name = 'Sandy Box') {
  const { url, state } = await authorize();
  const back = await signInAtSandbox(url, { email, name });
  expect(back.state).toBe(state);
  return finishLogin(back.code, back.state);
}

async function signupDetails(email: string) {
  const res = await socialLogin(email);
  expect(res.statusCode, res.body).toBe(409);
  const error = errorOf(res);
  expect(error.code).toBe('SOCIAL_SIGNUP_REQUIRED');
  return socialSignupDetailsSchema.parse(error.details);
}

const registerSocial = (registrationToken: string, overrides: Record<string, unknown> = {}) =>
  post('/api/player/register/social', {
    registrationToken,
    agreements: true,
    receiveEmailPromo: false,
    device: DEVICE,
    ...overrides,
  });

async function socialAccount(email = uniqueEmail('social')) {
  const details = await signupDetails(email);
  const res = await registerSocial(details.registrationToken);
  expect(res.statusCode, res.body).toBe(200);
  return { email, session: sessionResponseSchema.parse(res.json()) };
}

describe('GET /api/player/social/connections', () => {
  it('offers the configured providers, and not the sandbox beside a real one', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/player/social/connections' });
    expect(res.statusCode).toBe(200);
    expect(socialConnectionListSchema.parse(res.json()).data).toEqual([
      { connection: 'google', name: 'Google' },
    ]);
    // Unlisted, not removed: the sandbox still starts a login for whoever asks for it by name.
    expect((await authorize('sandbox')).url).toContain('/oidc-sandbox/');
  });

  it('offers the sandbox when no real provider is configured', async () => {
    const alone = await createTestApp({ SANDBOX: 'on' });
    try {
      const res = await alone.app.inject({ method: 'GET', url: '/api/player/social/connections' });
      expect(socialConnectionListSchema.parse(res.json()).data).toEqual([
        { connection: 'sandbox', name: 'Sandbox' },
      ]);
    } finally {
      await alone.close();
    }
  });

  it('offers no sandbox when it is off', async () => {
    const off = await createTestApp({ SANDBOX: 'off' });
    try {
      const res = await off.app.inject({ method: 'GET', url: '/api/player/social/connections' });
      expect(res.json()).toEqual({ data: [] });
      const page = await off.app.inject({
        method: 'GET',
        url: '/oidc-sandbox/.well-known/openid-configuration',
      });
      // Whatever answers there (the site, here not built), the provider does not.
      expect(page.statusCode).not.toBe(200);
      expect(page.body).not.toContain('authorization_endpoint');
    } finally {
      await off.close();
    }
  });
});

describe('POST /api/player/social/:connection/authorize', () => {
  it('answers the sandbox authorization URL with state, nonce and an S256 PKCE challenge', async () => {
    const { url, state } = await authorize();
    const target = new URL(url);
    expect(`${target.origin}${target.pathname}`).toBe(`${PUBLIC_URL}/oidc-sandbox/auth`);
    expect(Object.fromEntries(target.searchParams)).toMatchObject({
      client_id: 'coinfall-sandbox',
      redirect_uri: CALLBACK,
      response_type: 'code',
      scope: 'openid email profile',
      state,
      code_challenge_method: 'S256',
    });
    expect(target.searchParams.get('nonce')).toBeTruthy();
    const [attempt] = await t.database.db
      .select()
      .from(socialLoginAttempts)
      .where(eq(socialLoginAttempts.state, state));
    expect(attempt).toMatchObject({ connection: 'sandbox', redirectUri: CALLBACK, usedAt: null });
    // The verifier stays on the server; only its challenge travels.
    expect(url).not.toContain(attempt!.codeVerifier);
    const ttl = attempt!.expiresAt.getTime() - attempt!.createdAt.getTime();
    expect(ttl).toBeGreaterThan(9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(10 * 60_000 + 1000);
  });

  it('refuses a connection that is not configured, naming it', async () => {
    const res = await post('/api/player/social/facebook/authorize', {});
    expect(res.statusCode).toBe(400);
    expect(failedFields(res)).toEqual(['params.connection']);
  });

  it('refuses an unknown connection name', async () => {
    const res = await post('/api/player/social/myspace/authorize', {});
    expect(res.statusCode).toBe(400);
    expect(failedFields(res)).toContain('params.connection');
  });

  it('answers 503 when the provider cannot be reached', async () => {
    const res = await post('/api/player/social/google/authorize', {});
    expect(res.statusCode).toBe(503);
    expect(errorOf(res).code).toBe('SERVICE_UNAVAILABLE');
  });
});

describe('POST /api/player/sessions/social', () => {
  it('signs a new identity up and then logs it in, all through the sandbox provider', async () => {
    const email = uniqueEmail('Social').replace('social', 'SoCiAl');
    const details = await signupDetails(email);
    expect(details).toMatchObject({ connection: 'sandbox', email: email.toLowerCase() });
    expect(decodeJwt(details.registrationToken)).toMatchObject({
      aud: 'social-signup',
      connection: 'sandbox',
      sub: sandboxSubject(email),
      email: email.toLowerCase(),
    });

    const registered = await registerSocial(details.registrationToken, { receiveEmailPromo: true });
    expect(registered.statusCode, registered.body).toBe(200);
    const first = sessionResponseSchema.parse(registered.json());
    expect(first.profile).toMatchObject({ email: email.toLowerCase(), isNewlyRegistered: true });
    expect(first.profile.confirmedAt).not.toBeNull();

    const again = await socialLogin(email, 'Another Name');
    expect(again.statusCode, again.body).toBe(200);
    const second = sessionResponseSchema.parse(again.json());
    expect(second.profile.id).toBe(first.profile.id);
    expect(second.profile.isNewlyRegistered).toBe(false);
    expect(decodeJwt(second.accessToken).sid).not.toBe(decodeJwt(first.accessToken).sid);
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/player/profile',
      headers: bearer(second.accessToken),
    });
    expect(playerProfileSchema.parse(profile.json()).id).toBe(first.profile.id);
  });

  it('never signs in as a password-registered player whose email is typed at the sandbox', async () => {
    const { email, profile } = await register(t);
    // The sandbox vouches for any email typed on its page: it must not open this account.
    const res = await socialLogin(email.toUpperCase());
    expect(res.statusCode, res.body).toBe(409);
    expect(errorOf(res).code).toBe('SOCIAL_SIGNUP_REQUIRED');
    expect(res.body).not.toContain('accessToken');
    const identities = await t.database.db
      .select()
      .from(playerIdentities)
      .where(eq(playerIdentities.playerId, profile.id));
    expect(identities).toEqual([]);
    // Nor can the sign-up it offers take the address over.
    const details = socialSignupDetailsSchema.parse(errorOf(res).details);
    const taken = await registerSocial(details.registrationToken);
    expect(errorOf(taken).code).toBe('EMAIL_TAKEN');
    expect((await login(t, email, PASSWORD, nextIp())).statusCode).toBe(200);
  });

  it('refuses an unknown state, naming body.state', async () => {
    const res = await finishLogin('some-code', 'no-such-state');
    expect(res.statusCode).toBe(400);
    expect(failedFields(res)).toEqual(['body.state']);
  });

  it('refuses a replayed state even with the right code', async () => {
    const { email } = await socialAccount(uniqueEmail('replay'));
    const { url } = await authorize();
    const { code, state } = await signInAtSandbox(url, { email, name: 'Re Play' });
    expect((await finishLogin(code, state)).statusCode).toBe(200);
    const replay = await finishLogin(code, state);
    expect(replay.statusCode).toBe(400);
    expect(failedFields(replay)).toEqual(['body.state']);
  });

  it('lets only one of two concurrent callbacks with the same state through', async () => {
    const { email } = await socialAccount(uniqueEmail('race'));
    const { url } = await authorize();
    const { code, state } = await signInAtSandbox(url, { email, name: 'Ra Ce' });
    const answers = await Promise.all([finishLogin(code, state), finishLogin(code, state)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('refuses a callback in a browser that did not start the login (login CSRF)', async () => {
    const { url } = await authorize();
    const attacker = await signInAtSandbox(url, { email: uniqueEmail('csrf'), name: 'Mallory' });
    const victim = await authorize();
    // The attacker's code and state, opened in the victim's browser (which holds its own state).
    for (const states of [[], [victim.state]]) {
      const res = await finishLogin(attacker.code, attacker.state, 'sandbox', nextIp(), states);
      expect(res.statusCode).toBe(400);
      expect(failedFields(res)).toEqual(['body.state']);
    }
    // Not spent by the refusals: the attacker's own browser still finishes it.
    expect((await finishLogin(attacker.code, attacker.state)).statusCode).toBe(409);
  });

  it('binds the state to the browser with an HttpOnly cookie that keeps two tabs working', async () => {
    const first = await post('/api/player/social/sandbox/authorize', {});
    const cookie = [first.headers['set-cookie']].flat()[0] ?? '';
    expect(cookie).toMatch(
      /^cf_social_state=[^;]+; Max-Age=600; Path=\/api\/player; HttpOnly; Secure; SameSite=Lax/,
    );
    const firstState = socialAuthorizeResponseSchema.parse(first.json()).state;
    const second = await post(
      '/api/player/social/sandbox/authorize',
      {},
      {
        cookie: cookie.split(';')[0]!,
      },
    );
    const both = ([second.headers['set-cookie']].flat()[0] ?? '').split(';')[0]!;
    const secondState = socialAuthorizeResponseSchema.parse(second.json()).state;
    expect(both).toBe(`cf_social_state=${secondState}.${firstState}`);
  });

  it('refuses a state started for another connection', async () => {
    const { url } = await authorize();
    const { code, state } = await signInAtSandbox(url, { email: uniqueEmail(), name: 'X' });
    const res = await finishLogin(code, state, 'google');
    expect(res.statusCode).toBe(400);
    expect(failedFields(res)).toEqual(['body.state']);
    // The sandbox attempt was not spent by the mismatch.
    expect((await finishLogin(code, state)).statusCode).toBe(409);
  });

  it('refuses an expired state', async () => {
    const state = `expired-${randomUUID()}`;
    await t.database.db.insert(socialLoginAttempts).values({
      state,
      connection: 'sandbox',
      codeVerifier: 'v'.repeat(43),
      nonce: 'n',
      redirectUri: CALLBACK,
      expiresAt: new Date(Date.now() - 1000),
    });
    const res = await finishLogin('code', state);
    expect(res.statusCode).toBe(400);
    expect(failedFields(res)).toEqual(['body.state']);
  });

  it('refuses a code the provider did not issue for this state, naming query.code', async () => {
    const { state } = await authorize();
    const res = await finishLogin('forged-code', state);
    expect(res.statusCode).toBe(400);
    expect(failedFields(res)).toEqual(['query.code']);
  });

  it('refuses a code issued for another login (PKCE and nonce belong to that one)', async () => {
    const email = uniqueEmail('swap');
    await register(t, { email });
    const mine = await authorize();
    const other = await authorize();
    const { code } = await signInAtSandbox(other.url, { email, name: 'Swap' });
    const res = await finishLogin(code, mine.state);
    expect(res.statusCode).toBe(400);
    expect(failedFields(res)).toEqual(['query.code']);
  });

  it('refuses a blocked player as password login does, with the pass to support', async () => {
    const { email, session } = await socialAccount();
    await t.database.db
      .update(players)
      .set({ status: PlayerStatus.Blocked })
      .where(eq(players.id, session.profile.id));
    const res = await socialLogin(email);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe('ACCOUNT_BLOCKED');
    const pass = supportPassSchema.parse(
      (errorOf(res).details as { supportPass?: unknown }).supportPass,
    );
    // The pass opens the support chat, and only it (decision 040).
    const chat = await t.app.inject({
      method: 'GET',
      url: '/api/support/conversation',
      headers: bearer(pass.token),
    });
    expect(chat.statusCode, chat.body).toBe(200);
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/player/profile',
      headers: bearer(pass.token),
    });
    expect(profile.statusCode).toBe(401);
  });

  it('refuses a player whose password staff reset until a new one is chosen', async () => {
    const { email, session } = await socialAccount();
    await t.database.db
      .update(players)
      .set({ passwordHash: RESET_REQUIRED_PASSWORD_HASH })
      .where(eq(players.id, session.profile.id));
    const res = await socialLogin(email);
    expect(res.statusCode, res.body).toBe(403);
    expect(errorOf(res).code).toBe('PASSWORD_RESET_REQUIRED');
  });

  it('answers ACCOUNT_REMOVED for the identity of a removed account', async () => {
    const { email, session } = await socialAccount();
    const removed = await post('/api/users/delete', {}, bearer(session.accessToken));
    expect(removed.statusCode, removed.body).toBe(204);
    const res = await socialLogin(email);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe('ACCOUNT_REMOVED');
    expect(JSON.stringify(res.json())).not.toContain('supportPass');
  });

  it.each([
    ['a missing state', { state: undefined }, 'body.state'],
    ['an unknown connection', { connection: 'myspace' }, 'body.connection'],
    ['a missing device', { device: undefined }, 'body.device'],
  ])('answers 400 naming the field for %s', async (_name, overrides, field) => {
    const res = await post('/api/player/sessions/social?code=abc', {
      connection: 'sandbox',
      state: 'some-state',
      device: DEVICE,
      ...overrides,
    });
    expect(res.statusCode).toBe(400);
    expect(failedFields(res)).toContain(field);
  });

  it('answers 400 naming query.code without a code', async () => {
    const res = await post('/api/player/sessions/social', {
      connection: 'sandbox',
      state: 'some-state',
      device: DEVICE,
    });
    expect(res.statusCode).toBe(400);
    expect(failedFields(res)).toContain('query.code');
  });

  it('limits each client IP to 20 attempts a minute', async () => {
    const ip = '203.0.113.201';
    for (let i = 0; i < 20; i += 1) {
      expect((await finishLogin('code', `nothing-${i}`, 'sandbox', ip)).statusCode).toBe(400);
    }
    const refused = await finishLogin('code', 'nothing-more', 'sandbox', ip);
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused).code).toBe('RATE_LIMITED');
  });
});

describe('POST /api/player/register/social', () => {
  it('creates an account without a usable password', async () => {
    const { email } = await socialAccount();
    const res = await login(t, email, '!no-password', nextIp());
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).code).toBe('INVALID_CREDENTIALS');
  });

  it('gives the new account the welcome coins, as a password registration does', async () => {
    const { session } = await socialAccount();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/wallet/accounts',
      headers: { authorization: `Bearer ${session.accessToken}` },
    });
    const held = walletAccountListSchema.parse(res.json()).data;
    expect(Object.fromEntries(held.map((a) => [a.currency, a.balance]))).toEqual(WELCOME_COINS);
  });

  it('answers 409 CONFLICT when the identity already has an account', async () => {
    const details = await signupDetails(uniqueEmail('twice'));
    expect((await registerSocial(details.registrationToken)).statusCode).toBe(200);
    const again = await registerSocial(details.registrationToken);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('CONFLICT');
  });

  it('answers 409 EMAIL_TAKEN when the email got an account meanwhile', async () => {
    const email = uniqueEmail('taken');
    const details = await signupDetails(email);
    await register(t, { email });
    const res = await registerSocial(details.registrationToken);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).code).toBe('EMAIL_TAKEN');
    const [row] = await t.database.db
      .select()
      .from(playerIdentities)
      .where(eq(playerIdentities.subject, sandboxSubject(email)));
    expect(row).toBeUndefined();
  });

  it.each([
    ['a forged token', { registrationToken: 'not.a.token' }, 'body.registrationToken'],
    ['unaccepted agreements', { agreements: false }, 'body.agreements'],
    ['a missing receiveEmailPromo', { receiveEmailPromo: undefined }, 'body.receiveEmailPromo'],
    ['a missing device', { device: undefined }, 'body.device'],
  ])('answers 400 naming the field for %s', async (_name, overrides, field) => {
    const res = await registerSocial('placeholder', overrides);
    expect(res.statusCode).toBe(400);
    expect(failedFields(res)).toContain(field);
  });

  it('refuses an access token in place of a registration token', async () => {
    const { accessToken } = await register(t);
    const res = await registerSocial(accessToken);
    expect(res.statusCode).toBe(400);
    expect(failedFields(res)).toEqual(['body.registrationToken']);
  });
});
