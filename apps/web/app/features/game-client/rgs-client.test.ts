import { describe, expect, it, vi } from 'vitest';
import {
  createRgsClient,
  displayCodeOf,
  RgsError,
  tokenFromHash,
  type RgsTransport,
} from './rgs-client';

const answer = { round: { id: 'r1' }, balance: 900, fairness: {} };
const ok = (body: unknown) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

function transport(responses: (() => Response)[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  let n = 0;
  const keys = ['key-1', 'key-2', 'key-3'];
  const t: RgsTransport = {
    fetch: vi.fn((url: string, init?: RequestInit) => {
      calls.push({ url, init: init ?? {} });
      const next = responses[n++];
      return next ? Promise.resolve(next()) : Promise.reject(new TypeError('Failed to fetch'));
    }) as unknown as typeof fetch,
    newKey: () => keys.shift() ?? 'no-key',
  };
  const header = (i: number, name: string) =>
    (calls[i]?.init.headers as Record<string, string>)[name];
  return { t, calls, header };
}

const networkDown = (): Response => {
  throw new TypeError('Failed to fetch');
};

describe('the game server client', () => {
  it('sends the game-session token and one Idempotency-Key per action', async () => {
    const { t, calls, header } = transport([() => ok(answer), () => ok(answer)]);
    const client = createRgsClient('tok', t);
    await client.startRound(100, { target: 50 });
    await client.act('r1', { type: 'cashout' });
    expect(calls.map((c) => c.url)).toEqual(['/api/rgs/rounds', '/api/rgs/rounds/r1/actions']);
    expect(header(0, 'authorization')).toBe('GameSession tok');
    expect(header(0, 'idempotency-key')).toBe('key-1');
    expect(header(1, 'idempotency-key')).toBe('key-2');
    expect(JSON.parse(calls[0]?.init.body as string)).toEqual({ bet: 100, params: { target: 50 } });
  });

  it('retries a network failure once with the SAME key', async () => {
    const { t, calls, header } = transport([networkDown, () => ok(answer)]);
    await expect(createRgsClient('tok', t).startRound(100, {})).resolves.toEqual(answer);
    expect(calls).toHaveLength(2);
    expect(header(0, 'idempotency-key')).toBe('key-1');
    expect(header(1, 'idempotency-key')).toBe('key-1');
  });

  it('gives up after the one retry with a NETWORK error', async () => {
    const { t, calls } = transport([networkDown, networkDown, () => ok(answer)]);
    await expect(createRgsClient('tok', t).startRound(100, {})).rejects.toMatchObject({
      code: 'NETWORK',
      status: 0,
    });
    expect(calls).toHaveLength(2);
  });

  it('does not retry an answer, even an error one', async () => {
    const body = { code: 'INSUFFICIENT_FUNDS', message: 'Too low', requestId: 'req-1' };
    const { t, calls } = transport([() => new Response(JSON.stringify(body), { status: 409 })]);
    const failure = await createRgsClient('tok', t)
      .startRound(100, {})
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(RgsError);
    expect(failure).toMatchObject({ status: 409, code: 'INSUFFICIENT_FUNDS', requestId: 'req-1' });
    expect(calls).toHaveLength(1);
  });

  it('opens the session without an Idempotency-Key', async () => {
    const { t, header } = transport([() => ok({})]);
    await createRgsClient('tok', t).openSession();
    expect(header(0, 'idempotency-key')).toBeUndefined();
  });
});

describe('displayCodeOf', () => {
  it("shows a game rule's own code", () => {
    expect(
      displayCodeOf(new RgsError(400, 'GAME_RULE', 'x', { rule: 'NOTHING_TO_CASH_OUT' })),
    ).toBe('NOTHING_TO_CASH_OUT');
  });
  it('shows the API code otherwise', () => {
    expect(displayCodeOf(new RgsError(409, 'LIMIT_EXCEEDED', 'x'))).toBe('LIMIT_EXCEEDED');
    expect(displayCodeOf(new Error('boom'))).toBe('INTERNAL');
  });
});

describe('tokenFromHash', () => {
  it('reads the token from the fragment', () => {
    expect(tokenFromHash('#token=abc.def')).toBe('abc.def');
    expect(tokenFromHash('#foo=1&token=xyz')).toBe('xyz');
  });
  it('is null without one', () => {
    expect(tokenFromHash('')).toBeNull();
    expect(tokenFromHash('#token=')).toBeNull();
  });
});
