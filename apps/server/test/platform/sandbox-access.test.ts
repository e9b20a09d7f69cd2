import { randomInt, randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import { bearer, errorOf, register } from '../player/player-fixtures.ts';
import { redemptionFixtures } from '../redemption/redemption-fixtures.ts';
import { rgsFixtures } from '../rgs/rgs-fixtures.ts';
import { createTestApp, operatorHeaders, TEST_OPERATOR_TOKEN, type TestApp } from '../test-app.ts';

// Who may use the sandbox's tools (docs/decisions/019): the operator routes under /api/dev, and
// the dev mailbox as JSON and as a page.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    RATE_LIMIT_KEY_PREFIX: `test:${randomUUID()}:`,
    RATE_LIMIT_PER_MINUTE: '100000',
  });
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT';
interface OperatorCall {
  method: Method;
  url: string;
  payload?: object;
  /** What the operator is answered. */
  status: number;
}

const send = (call: OperatorCall, headers: Record<string, string>) =>
  t.app.inject({
    method: call.method,
    url: call.url,
    headers,
    ...(call.payload ? { payload: call.payload } : {}),
  });

const scBalance = async (token: string) => {
  const res = await t.app.inject({ url: '/api/wallet/accounts', headers: bearer(token) });
  const accounts = res.json<{ data: { currency: string; balance: number }[] }>().data;
  return accounts.find((a) => a.currency === 'SC')?.balance ?? 0;
};

describe('the operator routes (/api/dev)', () => {
  /** One genuine call of each operator route, with what makes it succeed for the operator. */
  async function operatorCalls(playerToken: string): Promise<Record<string, OperatorCall>> {
    const rgs = rgsFixtures(t);
    const money = redemptionFixtures(t);
    const gambler = await rgs.scPlayer(10_000);
    const launched = await rgs.launch(gambler, 'mines');
    const open = await rgs.start(launched, { bet: 1_000, params: { mines: 3 } });
    const redeemer = await rgs.scPlayer(0);
    await money.creditWinnings(redeemer, 50_000);
    const payout = money.invoiceOf(await money.redeem(redeemer, 20_000));
    const credited = await money.player();
    expect(playerToken).not.toBe(credited.token);
    const excluded = await register(t);
    const exclusion = await t.app.inject({
      method: 'POST',
      url: '/api/player/protection/exclusion',
      headers: bearer(excluded.accessToken),
      payload: { period: '1y' },
    });
    const protectionId = exclusion.json<{ active: { protectionId: string } }>().active.protectionId;
    const protectionRule = {
      country: 'US',
      region: 'NE',
      sweepsPlay: true,
      purchaseBonuses: true,
      redemptions: true,
      effectiveFrom: new Date(Date.now() - 60_000).toISOString(),
      redemptionWindDownUntil: null,
      note: 'sandbox access test',
    };
    return {
      'GET /api/dev/protection/players/{playerId}': {
        method: 'GET',
        url: `/api/dev/protection/players/${excluded.profile.id}`,
        status: 200,
      },
      // A fixed-length exclusion is never lifted: the operator is heard, and refused (409).
      'POST /api/dev/protection/players/{playerId}/{protectionId}/lift': {
        method: 'POST',
        url: `/api/dev/protection/players/${excluded.profile.id}/${protectionId}/lift`,
        status: 409,
      },
      'GET /api/dev/protection/jurisdictions': {
        method: 'GET',
        url: '/api/dev/protection/jurisdictions',
        status: 200,
      },
      'PUT /api/dev/protection/jurisdictions': {
        method: 'PUT',
        url: '/api/dev/protection/jurisdictions',
        payload: protectionRule,
        status: 200,
      },
      'POST /api/dev/rounds': {
        method: 'POST',
        url: '/api/dev/rounds',
        payload: {
          nickname: 'demo',
          gameId: 'plinko',
          gameName: 'Plinko',
          currency: 'GC',
          bet: 10,
          payout: 50,
          device: 'desktop',
          country: 'US',
        },
        status: 201,
      },
      'POST /api/dev/players/{id}/sweeps-credit': {
        method: 'POST',
        url: `/api/dev/players/${credited.playerId}/sweeps-credit`,
        payload: { amount: 5_000, playedThrough: true, requestKey: `credit-${randomUUID()}` },
        status: 200,
      },
      'POST /api/dev/staff': {
        method: 'POST',
        url: '/api/dev/staff',
        payload: {
          email: `sandbox-${randomUUID()}@staff.example.com`,
          role: 'support',
          password: 'sandbox staff password',
        },
        status: 201,
      },
      'POST /api/dev/payouts/{id}/settle': {
        method: 'POST',
        url: `/api/dev/payouts/${payout.id}/settle`,
        payload: { outcome: 'success' },
        status: 200,
      },
      'POST /api/dev/rounds/{id}/rollback': {
        method: 'POST',
        url: `/api/dev/rounds/${open.round.id}/rollback`,
        payload: { reason: 'operator test' },
        status: 200,
      },
      'POST /api/dev/players/{id}/fairness/seeds': {
        method: 'POST',
        url: `/api/dev/players/${redeemer.playerId}/fairness/seeds`,
        payload: { serverSeed: 'ab'.repeat(32), clientSeed: 'chosen' },
        status: 200,
      },
      'GET /api/dev/analytics/forwarded': {
        method: 'GET',
        url: '/api/dev/analytics/forwarded',
        status: 200,
      },
      'POST /api/dev/analytics/forwarded/failures': {
        method: 'POST',
        url: '/api/dev/analytics/forwarded/failures',
        payload: { statuses: [503] },
        status: 204,
      },
      'GET /api/dev/appsflyer/events': {
        method: 'GET',
        url: '/api/dev/appsflyer/events',
        status: 200,
      },
    };
  }

  it('documents every /api/dev operation with the operator security requirement', async () => {
    type Operation = { security?: Record<string, unknown>[] };
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, Operation>>;
      components: { securitySchemes: Record<string, unknown> };
    }>();
    expect(doc.components.securitySchemes.operatorToken).toMatchObject({ scheme: 'bearer' });
    const devOperations = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/dev/'))
      .flatMap(([path, item]) =>
        Object.entries(item).map(([method, op]) => ({ name: `${method} ${path}`, op })),
      );
    for (const { name, op } of devOperations) {
      expect(op.security, name).toContainEqual({ operatorToken: [] });
    }
    const calls = await operatorCalls((await register(t)).accessToken);
    // Every operator route of the document is exercised below (the mailbox has its own tests).
    expect(devOperations.map((o) => o.name).sort()).toEqual(
      [
        ...Object.keys(calls).map((k) => k.replace(/^(POST|GET|PUT)/, (m) => m.toLowerCase())),
        'get /api/dev/mailbox',
      ].sort(),
    );
  });

  it('refuses every one without a credential, with a wrong one or with a player token: 401', async () => {
    const player = await register(t);
    const calls = await operatorCalls(player.accessToken);
    const refusals: [string, Record<string, string>][] = [
      ['no credential', {}],
      ['a wrong operator token', bearer(`${TEST_OPERATOR_TOKEN}x`)],
      ['a valid player token', bearer(player.accessToken)],
    ];
    for (const [name, call] of Object.entries(calls)) {
      for (const [who, headers] of refusals) {
        const res = await send(call, headers);
        expect(res.statusCode, `${name} with ${who}`).toBe(401);
        expect(errorOf(res).code, `${name} with ${who}`).toBe('OPERATOR_UNAUTHENTICATED');
      }
    }
  });

  it('answers the operator token', async () => {
    const calls = await operatorCalls((await register(t)).accessToken);
    for (const [name, call] of Object.entries(calls)) {
      const res = await send(call, operatorHeaders());
      expect(res.statusCode, `${name}: ${res.body}`).toBe(call.status);
    }
  });

  it('mints no Sweeps Coins for a player who calls the credit route with their own token', async () => {
    const { playerId, token } = await redemptionFixtures(t).player();
    const before = await scBalance(token);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/dev/players/${playerId}/sweeps-credit`,
      headers: bearer(token),
      payload: { amount: 1_000_000, playedThrough: true, requestKey: `self-${randomUUID()}` },
    });
    expect(res.statusCode).toBe(401);
    expect(await scBalance(token)).toBe(before);
  });
});

const mailListSchema = z.object({
  data: z.array(z.object({ to: z.string(), subject: z.string(), text: z.string() })),
});

describe('the dev mailbox', () => {
  let a: Awaited<ReturnType<typeof register>>;
  let b: Awaited<ReturnType<typeof register>>;
  const phoneOfA = `+1415555${randomInt(1000, 10_000)}`;

  beforeAll(async () => {
    a = await register(t);
    b = await register(t);
    const sms = await t.app.inject({
      method: 'POST',
      url: '/api/player/otp/send',
      headers: bearer(a.accessToken),
      payload: { reason: 'phoneVerification', phone: phoneOfA },
    });
    expect(sms.statusCode, sms.body).toBe(200);
  });

  const apiList = async (headers: Record<string, string>) => {
    const res = await t.app.inject({ url: '/api/dev/mailbox', headers });
    expect(res.statusCode, res.body).toBe(200);
    return mailListSchema.parse(res.json()).data.map((m) => m.to);
  };
  const page = (cookies: Record<string, string> = {}) =>
    t.app.inject({ url: '/dev/mailbox', cookies });
  const postForm = (form: Record<string, string>, cookies: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/dev/mailbox',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      cookies,
      payload: new URLSearchParams(form).toString(),
    });
  const operatorCookieOf = (res: LightMyRequestResponse) =>
    res.cookies.find((c) => c.name === 'cf_dev_operator');

  it('shows a player only the mail and texts to their own email and phone', async () => {
    const seenByA = await apiList(bearer(a.accessToken));
    expect(seenByA).toContain(a.email);
    expect(seenByA).toContain(phoneOfA);
    expect(seenByA).not.toContain(b.email);
    const seenByB = await apiList(bearer(b.accessToken));
    expect(seenByB).toEqual([b.email]);
  });

  it('shows the operator every message', async () => {
    const seen = await apiList(operatorHeaders());
    expect(seen).toEqual(expect.arrayContaining([a.email, b.email, phoneOfA]));
  });

  it('answers a guest or a forged token 401', async () => {
    expect((await t.app.inject({ url: '/api/dev/mailbox' })).statusCode).toBe(401);
    const forged = await t.app.inject({
      url: '/api/dev/mailbox',
      headers: bearer(`${a.accessToken.slice(0, -2)}xx`),
    });
    expect(forged.statusCode).toBe(401);
  });

  it('shows an anonymous visitor no mail, only the sign-in hint and a labelled operator form', async () => {
    for (const res of [await page(), await page({ access_token: 'not.a.token' })]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).not.toContain(a.email);
      expect(res.body).not.toContain(b.email);
      expect(res.body).not.toContain(phoneOfA);
      expect(res.body).toContain('<h1>Dev mailbox</h1>');
      expect(res.body).toContain('<label for="token">Operator token</label>');
      expect(res.body).toContain('<input id="token" name="token" type="password"');
    }
  });

  it('shows the signed-in player (access_token cookie) their own mail on the page', async () => {
    const res = await page({ access_token: a.accessToken });
    expect(res.body).toContain(a.email);
    expect(res.body).toContain(phoneOfA);
    expect(res.body).not.toContain(b.email);
  });

  it('refuses a wrong operator token in the form, and keeps the right one in a /dev cookie', async () => {
    const wrong = await postForm({ token: 'x'.repeat(40) });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('role="alert"');
    expect(operatorCookieOf(wrong)).toBeUndefined();
    expect(wrong.body).not.toContain(a.email);

    const right = await postForm({ token: TEST_OPERATOR_TOKEN });
    expect(right.statusCode).toBe(303);
    expect(right.headers.location).toBe('/dev/mailbox');
    const cookie = operatorCookieOf(right);
    expect(cookie).toMatchObject({ path: '/dev', httpOnly: true, sameSite: 'Strict' });

    const everything = await page({ cf_dev_operator: cookie?.value ?? '' });
    expect(everything.body).toContain(a.email);
    expect(everything.body).toContain(b.email);
    // The cookie opens the page only: the API still wants the header.
    const api = await t.app.inject({
      url: '/api/dev/mailbox',
      cookies: { cf_dev_operator: cookie?.value ?? '' },
    });
    expect(api.statusCode).toBe(401);

    const forgotten = await postForm(
      { action: 'forget' },
      { cf_dev_operator: cookie?.value ?? '' },
    );
    expect(forgotten.statusCode).toBe(303);
    expect(operatorCookieOf(forgotten)?.value).toBe('');
  });
});
