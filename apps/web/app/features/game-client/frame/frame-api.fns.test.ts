import { describe, expect, it, vi } from 'vitest';
import type { RoundAnswer } from '@coinfall/shared';
import { RgsError } from '../rgs-client';
import { BALANCE_MESSAGE_TYPE, freeSpinningApi, postBalance, reportingApi } from './frame-api.fns';

const answer = { round: { currency: 'SC' }, balance: 4_200 } as unknown as RoundAnswer;

describe('the API a game UI gets', () => {
  it('reports a failure to the frame and still rejects for the game', async () => {
    const failure = new RgsError(409, 'INSUFFICIENT_FUNDS', 'Too low');
    const report = { failed: vi.fn(), succeeded: vi.fn() };
    const api = reportingApi(
      { startRound: () => Promise.reject(failure), act: () => Promise.resolve(answer) },
      report,
    );
    await expect(api.startRound(100, {})).rejects.toBe(failure);
    expect(report.failed).toHaveBeenCalledWith(failure);
    await expect(api.act('r1', { type: 'cashout' })).resolves.toBe(answer);
    expect(report.succeeded).toHaveBeenCalledTimes(1);
  });
});

describe('freeSpinningApi', () => {
  it('plays the free spin with every new round while one is left, and leaves actions alone', async () => {
    const startRound = vi.fn(async () => answer);
    const act = vi.fn(async () => answer);
    const spinning = freeSpinningApi({ startRound, act }, 7);
    await spinning.startRound(20, {});
    await spinning.act('round-1', { type: 'spin' });
    expect(startRound).toHaveBeenCalledWith(20, {}, 7);
    expect(act).toHaveBeenCalledWith('round-1', { type: 'spin' });
    const paid = { startRound, act };
    expect(freeSpinningApi(paid, undefined)).toBe(paid);
  });
});

describe('postBalance', () => {
  it('tells the parent window the new balance, to our own origin only', () => {
    const parent = { postMessage: vi.fn() };
    postBalance(parent, 'https://coinfall.test', answer);
    expect(parent.postMessage).toHaveBeenCalledWith(
      { type: BALANCE_MESSAGE_TYPE, balance: 4_200, currency: 'SC' },
      'https://coinfall.test',
    );
  });
});
