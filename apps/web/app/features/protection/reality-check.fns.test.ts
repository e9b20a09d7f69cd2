import type { RealityCheckState } from '@coinfall/shared/contracts/reality-check';
import {
  formatNet,
  formatPlayed,
  intervalOf,
  msUntilCheck,
  playedSecondsAt,
} from './reality-check.fns';

const T0 = Date.parse('2026-11-27T10:00:00Z');
const MINUTE = 60_000;
const state = (over: Partial<RealityCheckState> = {}): RealityCheckState => ({
  intervalMinutes: 15,
  session: {
    startedAt: new Date(T0).toISOString(),
    lastRoundAt: new Date(T0 + MINUTE).toISOString(),
    playedSeconds: 120,
    results: [],
  },
  nextCheckAt: new Date(T0 + 15 * MINUTE).toISOString(),
  ...over,
});

describe('msUntilCheck', () => {
  it('counts from the server’s time at the fetch, whatever the site’s clock says', () => {
    // Fetched when the server was 2 minutes into the session; the site's clock is an hour off.
    const fetchedAt = T0 + 60 * MINUTE;
    expect(msUntilCheck(state(), fetchedAt, fetchedAt)).toBe(13 * MINUTE);
    expect(msUntilCheck(state(), fetchedAt, fetchedAt + 5 * MINUTE)).toBe(8 * MINUTE);
    expect(msUntilCheck(state(), fetchedAt, fetchedAt + 20 * MINUTE)).toBe(0);
  });

  it('is null when checks are off or no session stands', () => {
    expect(msUntilCheck(state({ nextCheckAt: null }), T0, T0)).toBeNull();
    expect(msUntilCheck(state({ session: null }), T0, T0)).toBeNull();
  });
});

describe('playedSecondsAt', () => {
  it('reads the site’s clock, never below what the server said', () => {
    const session = state().session!;
    expect(playedSecondsAt(session, T0 + 16 * MINUTE)).toBe(16 * 60);
    expect(playedSecondsAt(session, T0)).toBe(120);
  });
});

describe('formatPlayed', () => {
  it('says hours and minutes in the locale', () => {
    expect(formatPlayed(16 * 60 + 59, 'en')).toBe('16 minutes');
    expect(formatPlayed(65 * 60, 'en')).toBe('1 hour, 5 minutes');
    expect(formatPlayed(120 * 60, 'es')).toBe('2 horas');
    expect(formatPlayed(10, 'pt-BR')).toBe('1 minuto');
  });
});

describe('formatNet', () => {
  it('signs the net in the coin format of the locale', () => {
    expect(formatNet({ currency: 'SC', staked: 100, won: 1_350, net: 1_250 }, 'en')).toBe(
      '+12.5 SC',
    );
    expect(formatNet({ currency: 'GC', staked: 150_000, won: 0, net: -150_000 }, 'es')).toMatch(
      /^−1[.\s ]?500 GC$/,
    );
    expect(formatNet({ currency: 'GC', staked: 100, won: 100, net: 0 }, 'en')).toBe('0 GC');
  });
});

describe('intervalOf', () => {
  it('reads a choice, and anything else as off', () => {
    expect(intervalOf('30')).toBe(30);
    expect(intervalOf('')).toBeNull();
    expect(intervalOf('20')).toBeNull();
  });
});
