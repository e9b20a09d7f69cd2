import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api/api-error.ts';
import { playFailureOf } from './play';

const refused = (status: number, code?: string) =>
  new ApiError(status, code ? { code, message: '', requestId: 'r' } : null);

describe('playFailureOf', () => {
  it('sends a blocked player to /blocked', () => {
    expect(playFailureOf(refused(403, 'ACCOUNT_BLOCKED'))).toBe('blocked');
  });
  it('explains a Sweeps Coins refusal by the player’s state (GC play stays open)', () => {
    expect(playFailureOf(refused(403, 'SWEEPS_NOT_ALLOWED'))).toBe('sweepsNotAllowed');
  });
  it('asks for coins when the active account cannot play or is short', () => {
    expect(playFailureOf(refused(409, 'CURRENCY_NOT_PLAYABLE'))).toBe('insufficient');
    expect(playFailureOf(refused(409, 'INSUFFICIENT_FUNDS'))).toBe('insufficient');
  });
  it('calls an unknown game or one closed to the country unavailable', () => {
    expect(playFailureOf(refused(404, 'NOT_FOUND'))).toBe('unavailable');
    expect(playFailureOf(refused(403, 'GAME_UNAVAILABLE'))).toBe('unavailable');
  });
  it('offers a retry for anything else', () => {
    expect(playFailureOf(refused(503, 'SERVICE_UNAVAILABLE'))).toBe('failed');
    expect(playFailureOf(new TypeError('network'))).toBe('failed');
  });
});
