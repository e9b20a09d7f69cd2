import fc from 'fast-check';
import { ApiError, readApiFailure } from './api-error.ts';
import { createApiClient, type ApiClientDeps } from './api-client';
import { RETRYABLE_STATUSES, failureAction, shouldRetry, toQueryString } from './api-client.fns';

type Call = { url: string; init: RequestInit };

function fakeFetch(statuses: number[], calls: Call[], body?: unknown): typeof fetch {
  return (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const status = statuses.shift() ?? 200;
    return new Response(status === 204 ? null : JSON.stringify(body ?? { status }), { status });
  }) as unknown as typeof fetch;
}

function client(
  over: Partial<ApiClientDeps> & {
    statuses?: number[];
    token?: string;
    expired?: boolean;
    /** What every answer carries instead of `{ status }`. */
    body?: unknown;
  } = {},
) {
  const calls: Call[] = [];
  const failures: [string, number][] = [];
  let token = over.token;
  const deps: ApiClientDeps = {
    baseUrl: 'http://api.test',
    tokens: { get: () => token, isExpired: () => over.expired ?? false },
    refresh: over.refresh ?? (async () => (token = 'fresh-token')),
    onFailure: (action, status) => failures.push([action, status]),
    fetch: fakeFetch(over.statuses ?? [], calls, over.body),
  };
  return { api: createApiClient(deps), calls, failures };
}

describe('retry rule', () => {
  it('retries transient statuses once, for idempotent methods only', () => {
    for (const status of RETRYABLE_STATUSES) {
      expect(shouldRetry('GET', status, 0)).toBe(true);
      expect(shouldRetry('GET', status, 1)).toBe(false);
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'])
        expect(shouldRetry(method, status, 0)).toBe(false);
    }
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 599 }), (status) => {
        expect(shouldRetry('GET', status, 0)).toBe(RETRYABLE_STATUSES.has(status));
      }),
    );
  });

  it('a GET that fails with 503 then succeeds is answered; a POST is not retried', async () => {
    const get = client({ statuses: [503, 200] });
    await expect(get.api.get('/x')).resolves.toEqual({ status: 200 });
    expect(get.calls).toHaveLength(2);

    const post = client({ statuses: [503, 200] });
    await expect(post.api.post('/x', { body: {} })).rejects.toBeInstanceOf(ApiError);
    expect(post.calls).toHaveLength(1);
  });
});

/** The handler's decision for an answer, read as the client reads it. */
const actionFor = (status: number, body?: unknown) => failureAction(readApiFailure(status, body));

describe('global failure handler (spec §8)', () => {
  it('maps 401/403 to logout, 404 to not-found and leaves 400 alone', () => {
    expect([401, 403, 404, 400, 500].map((status) => actionFor(status))).toEqual([
      'logout',
      'logout',
      'not-found',
      'none',
      'none',
    ]);
  });

  it('sends a 403 ACCOUNT_BLOCKED to /blocked, any other 403 body still logs out', () => {
    const blocked = { code: 'ACCOUNT_BLOCKED', message: 'This account is blocked' };
    expect(actionFor(403, blocked)).toBe('blocked');
    expect(actionFor(403, { code: 'FORBIDDEN' })).toBe('logout');
    expect(actionFor(403, null)).toBe('logout');
    expect(actionFor(403, 'ACCOUNT_BLOCKED')).toBe('logout');
    // Only a 403 says blocked: the code on another status keeps that status's meaning.
    expect(actionFor(401, blocked)).toBe('logout');
  });

  it('keeps a Limited player signed in when a purchase or payout is refused (decision 033)', () => {
    expect(actionFor(403, { code: 'ACCOUNT_LIMITED', message: 'limited' })).toBe('none');
  });

  it('keeps the player signed in when the place refuses play, a bonus or a redemption', () => {
    for (const code of [
      'SWEEPS_NOT_ALLOWED',
      'PURCHASE_BONUS_NOT_ALLOWED',
      'REDEMPTION_NOT_ALLOWED',
    ])
      expect(actionFor(403, { code, message: 'not here' })).toBe('none');
  });

  it('reports a blocked player with the body the API answered', async () => {
    const c = client({ statuses: [403], body: { code: 'ACCOUNT_BLOCKED', message: 'blocked' } });
    await expect(c.api.get('/me')).rejects.toMatchObject({ status: 403 });
    expect(c.failures).toEqual([['blocked', 403]]);
  });

  it('reports once per failing call unless the call handles it itself', async () => {
    const c = client({ statuses: [401, 401] });
    await expect(c.api.get('/me')).rejects.toMatchObject({ status: 401 });
    await expect(c.api.post('/login', { skipGlobalHandler: true })).rejects.toMatchObject({
      status: 401,
    });
    expect(c.failures).toEqual([['logout', 401]]);
  });
});

describe('extra headers', () => {
  it('sends a call’s own headers (an Idempotency-Key) without letting them replace the token', async () => {
    const { api, calls } = client({ token: 'player-token' });
    await api.post('/api/payment/invoices/virtual-payout', {
      body: { amount: 1 },
      headers: { 'idempotency-key': 'intent-12345678', authorization: 'Bearer forged' },
    });
    const headers = calls[0]?.init.headers as Record<string, string>;
    expect(headers['idempotency-key']).toBe('intent-12345678');
    expect(headers.authorization).toBe('Bearer player-token');
  });
});

describe('bearer token', () => {
  it('sends the extra headers a call gives (an Idempotency-Key) with the usual ones', async () => {
    const { api, calls } = client({ token: 'tok' });
    await api.post('/api/shop/purchases', {
      body: { bundleId: 1 },
      headers: { 'idempotency-key': 'key-12345678' },
    });
    const headers = calls[0]?.init.headers as Record<string, string>;
    expect(headers['idempotency-key']).toBe('key-12345678');
    expect(headers.authorization).toBe('Bearer tok');
    expect(headers['content-type']).toBe('application/json');
  });

  it('sends no cookies and the bearer token when there is one', async () => {
    const c = client({ token: 'abc' });
    await c.api.get('/me');
    expect(c.calls[0]?.init.credentials).toBe('omit');
    expect((c.calls[0]?.init.headers as Record<string, string>).authorization).toBe('Bearer abc');
  });

  it('refreshes an expired token first, once, however many calls wait on it', async () => {
    let refreshes = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const c = client({
      token: 'old',
      expired: true,
      refresh: async () => {
        refreshes += 1;
        await gate;
        return 'new';
      },
    });
    const pending = [c.api.get('/a'), c.api.get('/b'), c.api.post('/c')];
    release();
    await Promise.all(pending);
    expect(refreshes).toBe(1);
    for (const call of c.calls)
      expect((call.init.headers as Record<string, string>).authorization).toBe('Bearer new');
  });

  it('sends the player to /403 when the refresh fails', async () => {
    const c = client({
      token: 'old',
      expired: true,
      refresh: () => Promise.reject(new Error('ended')),
    });
    await expect(c.api.get('/me')).rejects.toMatchObject({ status: 401 });
    expect(c.failures).toEqual([['logout', 401]]);
    expect(c.calls).toHaveLength(0);
  });
});

describe('query strings', () => {
  it('writes arrays in bracket format and skips undefined values', () => {
    expect(toQueryString({ status: [1, 2], page: 3, q: undefined })).toBe(
      '?status%5B%5D=1&status%5B%5D=2&page=3',
    );
    expect(toQueryString({})).toBe('');
  });
});
