import { PLAY_SESSION_GAP_MS, playedMs, standingRun, type PlayRun } from './play-sessions.fns.ts';

const T0 = Date.parse('2026-11-27T10:00:00Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000);
const run = (from: number, to: number): PlayRun => ({ startedAt: at(from), lastRoundAt: at(to) });

describe('standingRun', () => {
  it('is the last run while its last round is within the gap', () => {
    const runs = [run(0, 10), run(60, 70)];
    expect(standingRun(runs, at(100))).toBe(runs[1]);
    expect(standingRun(runs, at(100.01))).toBeNull();
  });

  it('is null without rounds', () => {
    expect(standingRun([], at(0))).toBeNull();
  });
});

describe('playedMs', () => {
  it('counts ended runs from first to last round and the standing one up to now', () => {
    const runs = [run(0, 10), run(60, 70)];
    expect(playedMs(runs, at(-60), at(80))).toBe(10 * 60_000 + 20 * 60_000);
  });

  it('does not count idle time after an ended run', () => {
    expect(playedMs([run(0, 10)], at(-60), at(200))).toBe(10 * 60_000);
  });

  it('clips a run that began before the window', () => {
    expect(playedMs([run(0, 20)], at(15), at(25))).toBe(10 * 60_000);
  });

  it('uses the gap it is given', () => {
    expect(PLAY_SESSION_GAP_MS).toBe(30 * 60_000);
    expect(playedMs([run(0, 10)], at(0), at(15), 60_000)).toBe(10 * 60_000);
    expect(playedMs([run(0, 10)], at(0), at(15), 10 * 60_000)).toBe(15 * 60_000);
  });
});
