import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api/api-error.ts';
import {
  RpcOutcomeUnknown,
  rpcElseHttp,
  rpcElseHttpOnlyIfUnsent,
  rpcNeverRan,
  rpcRefusalOf,
} from './realtime-rpc.fns';

const rateLimitedBody = {
  code: 'RATE_LIMITED',
  message: 'Too many messages',
  requestId: 'req-1',
  details: { retryAfterSeconds: 3 },
};

describe('rpcRefusalOf', () => {
  it('gives the ApiError the HTTP call would throw for an application refusal', () => {
    const refusal = rpcRefusalOf({ code: 429, message: JSON.stringify(rateLimitedBody) });
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      message: 'Too many messages',
      details: { retryAfterSeconds: 3 },
    });
  });

  it('takes the lowest application code, 400, as a refusal', () => {
    expect(rpcRefusalOf({ code: 400, message: '{}' })?.status).toBe(400);
  });

  it('keeps the status of a refusal whose message is not the JSON error body', () => {
    const refusal = rpcRefusalOf({ code: 403, message: 'forbidden' });
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({ status: 403, code: undefined, message: '' });
  });

  it('keeps the status of a refusal without a message', () => {
    expect(rpcRefusalOf({ code: 422 })).toMatchObject({ status: 422, code: undefined });
  });

  it.each([
    [100, 'internal server error'],
    [103, 'permission denied'],
    [104, 'method not found'],
    [108, 'not available'],
    [109, 'token expired'],
    [399, 'below the application range'],
  ])('leaves protocol error %i (%s) to the HTTP fallback', (code, message) => {
    expect(rpcRefusalOf({ code, message })).toBeUndefined();
  });

  it.each([
    ['a client timeout', { code: 1, message: 'timeout' }],
    ['a closed connection', { code: 11, message: 'connection closed' }],
    ['a thrown Error', new Error('boom')],
    ['a code that is not a number', { code: '429', message: '{}' }],
    ['a fractional code', { code: 429.5, message: '{}' }],
    ['null', null],
    ['a string', 'failed'],
  ])('leaves %s to the HTTP fallback', (_, error) => {
    expect(rpcRefusalOf(error)).toBeUndefined();
  });
});

/** Centrifuge rejects its calls with plain `{ code, message }` objects, which is what is read. */
function failedRpc(error: unknown): Promise<never> {
  // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- centrifuge's shape
  return Promise.reject(error);
}

type Answer = { message: string };
const acceptAnswer = (answer: unknown): Answer | undefined =>
  typeof (answer as Partial<Answer> | undefined)?.message === 'string'
    ? (answer as Answer)
    : undefined;
const httpAnswering = (message: string) => vi.fn(() => Promise.resolve({ message }));

describe.each([
  ['rpcElseHttp', rpcElseHttp],
  ['rpcElseHttpOnlyIfUnsent', rpcElseHttpOnlyIfUnsent],
])('%s, as both fallbacks do', (_, call) => {
  it('answers from the socket without calling HTTP', async () => {
    const http = httpAnswering('from http');
    await expect(
      call(Promise.resolve({ message: 'from socket' }), acceptAnswer, http),
    ).resolves.toEqual({ message: 'from socket' });
    expect(http).not.toHaveBeenCalled();
  });

  it('calls HTTP when there is no open connection to call on', async () => {
    const http = httpAnswering('from http');
    await expect(call(undefined, acceptAnswer, http)).resolves.toEqual({
      message: 'from http',
    });
    expect(http).toHaveBeenCalledOnce();
  });

  it('throws the application refusal without calling HTTP', async () => {
    const http = httpAnswering('from http');
    await expect(
      call(failedRpc({ code: 429, message: JSON.stringify(rateLimitedBody) }), acceptAnswer, http),
    ).rejects.toMatchObject({ name: 'ApiError', status: 429, code: 'RATE_LIMITED' });
    expect(http).not.toHaveBeenCalled();
  });
});

describe('rpcElseHttp', () => {
  it.each([
    ['not available', { code: 108, message: 'not available' }],
    ['a client timeout', { code: 1, message: 'timeout' }],
    ['a closed connection', { code: 11, message: 'connection closed' }],
  ])('calls HTTP when the socket fails with %s', async (_, error) => {
    const http = httpAnswering('from http');
    await expect(rpcElseHttp(failedRpc(error), acceptAnswer, http)).resolves.toEqual({
      message: 'from http',
    });
    expect(http).toHaveBeenCalledOnce();
  });

  it('calls HTTP when the socket answers something it does not accept', async () => {
    const http = httpAnswering('from http');
    await expect(rpcElseHttp(Promise.resolve(null), acceptAnswer, http)).resolves.toEqual({
      message: 'from http',
    });
    expect(http).toHaveBeenCalledOnce();
  });

  it("passes on HTTP's own failure after a socket failure", async () => {
    const httpRefusal = new ApiError(503, null);
    await expect(
      rpcElseHttp(failedRpc({ code: 100, message: 'internal' }), acceptAnswer, () =>
        Promise.reject(httpRefusal),
      ),
    ).rejects.toBe(httpRefusal);
  });
});

describe('rpcNeverRan', () => {
  it.each([
    [103, 'permission denied'],
    [104, 'method not found'],
    [108, 'not available'],
    [109, 'token expired'],
  ])('knows protocol error %i (%s) comes before the handler', (code, message) => {
    expect(rpcNeverRan({ code, message })).toBe(true);
  });

  it.each([
    ['a client timeout', { code: 1, message: 'timeout' }],
    ['a closed connection', { code: 11, message: 'connection closed' }],
    ['an internal error', { code: 100, message: 'internal server error' }],
    ['an application refusal', { code: 429, message: '{}' }],
    ['a code that is not a number', { code: '108', message: 'not available' }],
    ['a thrown Error', new Error('boom')],
    ['null', null],
  ])('cannot tell the handler did not run after %s', (_, error) => {
    expect(rpcNeverRan(error)).toBe(false);
  });
});

describe('rpcElseHttpOnlyIfUnsent', () => {
  it.each([
    ['permission denied', { code: 103, message: 'permission denied' }],
    ['method not found', { code: 104, message: 'method not found' }],
    ['not available', { code: 108, message: 'not available' }],
    ['token expired', { code: 109, message: 'token expired' }],
  ])('calls HTTP when the gateway turned the call away (%s)', async (_, error) => {
    const http = httpAnswering('from http');
    await expect(rpcElseHttpOnlyIfUnsent(failedRpc(error), acceptAnswer, http)).resolves.toEqual({
      message: 'from http',
    });
    expect(http).toHaveBeenCalledOnce();
  });

  it.each([
    ['a client timeout', { code: 1, message: 'timeout' }],
    ['a closed connection', { code: 11, message: 'connection closed' }],
    ['an internal error', { code: 100, message: 'internal server error' }],
    ['a protocol error it does not know', { code: 399, message: '?' }],
    ['a thrown Error', new Error('boom')],
  ])('never calls HTTP after %s, which may have stored the write', async (_, error) => {
    const http = httpAnswering('from http');
    const outcome = rpcElseHttpOnlyIfUnsent(failedRpc(error), acceptAnswer, http);
    await expect(outcome).rejects.toBeInstanceOf(RpcOutcomeUnknown);
    await expect(outcome).rejects.toMatchObject({ cause: error });
    expect(http).not.toHaveBeenCalled();
  });

  it('never calls HTTP when the socket answers something it does not accept', async () => {
    const http = httpAnswering('from http');
    await expect(
      rpcElseHttpOnlyIfUnsent(Promise.resolve(null), acceptAnswer, http),
    ).rejects.toBeInstanceOf(RpcOutcomeUnknown);
    expect(http).not.toHaveBeenCalled();
  });

  it("passes on HTTP's own failure after the gateway turned the call away", async () => {
    const httpRefusal = new ApiError(503, null);
    await expect(
      rpcElseHttpOnlyIfUnsent(
        failedRpc({ code: 108, message: 'not available' }),
        acceptAnswer,
        () => Promise.reject(httpRefusal),
      ),
    ).rejects.toBe(httpRefusal);
  });
});
