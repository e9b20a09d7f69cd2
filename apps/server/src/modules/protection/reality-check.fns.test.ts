import { nextCheckAt, toRealityCheckState } from './reality-check.fns.ts';

const T0 = Date.parse('2026-11-27T10:00:00Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000);

describe('nextCheckAt', () => {
  const interval = { minutes: 15 as const, setAt: at(-100) };

  it('is one interval after the session started', () => {
    expect(nextCheckAt({ interval, session: { startedAt: at(0) }, lastAnswer: null })).toEqual(
      at(15),
    );
  });

  it('is null when checks are off or no session stands', () => {
    expect(nextCheckAt({ interval: null, session: { startedAt: at(0) }, lastAnswer: null })).toBe(
      null,
    );
    expect(nextCheckAt({ interval, session: null, lastAnswer: null })).toBeNull();
  });

  it('waits a whole interval after a check switched on mid-session', () => {
    const late = { minutes: 30 as const, setAt: at(40) };
    expect(
      nextCheckAt({ interval: late, session: { startedAt: at(0) }, lastAnswer: null }),
    ).toEqual(at(70));
  });

  it('moves an interval past the check answered, or past a late answer', () => {
    const session = { startedAt: at(0) };
    // Answered early on the server's clock (the site's clock said it was due).
    expect(
      nextCheckAt({ interval, session, lastAnswer: { checkAt: at(15), answeredAt: at(1) } }),
    ).toEqual(at(30));
    // Answered long after it was due: the next one is an interval after the answer.
    expect(
      nextCheckAt({ interval, session, lastAnswer: { checkAt: at(15), answeredAt: at(50) } }),
    ).toEqual(at(65));
  });
});

describe('toRealityCheckState', () => {
  it('reports the time played on the server clock and the results', () => {
    const results = [{ currency: 'GC', staked: 300, won: 100, net: -200 }];
    const state = toRealityCheckState({
      interval: { minutes: 15, setAt: at(-1) },
      session: { startedAt: at(0), lastRoundAt: at(5) },
      lastAnswer: null,
      results,
      now: at(6.5),
    });
    expect(state).toEqual({
      intervalMinutes: 15,
      session: {
        startedAt: at(0).toISOString(),
        lastRoundAt: at(5).toISOString(),
        playedSeconds: 390,
        results,
      },
      nextCheckAt: at(15).toISOString(),
    });
  });
});
