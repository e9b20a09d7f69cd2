import fc from 'fast-check';
import {
  expiresAtOf,
  firstLookAfterMs,
  nextExpiryStep,
  periodStartOf,
} from './sweeps-expiry.fns.ts';

const DAY = 86_400_000;
const terms = { expiryDays: 60, reminderDays: [7, 1] };
const start = new Date('2026-01-01T00:00:00Z');
const at = (days: number) => new Date(start.getTime() + days * DAY);

describe('the inactivity period', () => {
  it('starts at the latest of login, registration and last expiry', () => {
    expect(periodStartOf([at(0), null, at(5), at(2)])).toEqual(at(5));
    expect(() => periodStartOf([null])).toThrow();
  });

  it('is first looked at when the earliest reminder opens', () => {
    expect(firstLookAfterMs(terms)).toBe(53 * DAY);
    expect(firstLookAfterMs({ expiryDays: 60, reminderDays: [] })).toBe(60 * DAY);
    expect(expiresAtOf(start, terms)).toEqual(at(60));
  });
});

describe('nextExpiryStep', () => {
  it('reminds at 7 then 1 day before, then expires', () => {
    const none = new Set<number>();
    expect(nextExpiryStep(start, at(52.9), terms, none)).toBeNull();
    expect(nextExpiryStep(start, at(53), terms, none)).toEqual({ kind: 'remind', daysBefore: 7 });
    expect(nextExpiryStep(start, at(58), terms, new Set([7]))).toBeNull();
    expect(nextExpiryStep(start, at(59), terms, new Set([7]))).toEqual({
      kind: 'remind',
      daysBefore: 1,
    });
    expect(nextExpiryStep(start, at(59.5), terms, new Set([7, 1]))).toBeNull();
    expect(nextExpiryStep(start, at(60), terms, new Set([7, 1]))).toEqual({ kind: 'expire' });
    expect(nextExpiryStep(start, at(70), terms, new Set([7, 1, 0]))).toBeNull();
  });

  it('sends only the most urgent reminder when a run comes late', () => {
    expect(nextExpiryStep(start, at(59.2), terms, new Set())).toEqual({
      kind: 'remind',
      daysBefore: 1,
    });
  });

  it('never does one step twice: replaying its own steps ends in one expiry', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 80, noNaN: true }), { maxLength: 40 }),
        (times) => {
          const done = new Set<number>();
          const steps: string[] = [];
          for (const day of [...times].sort((a, b) => a - b)) {
            const step = nextExpiryStep(start, at(day), terms, done);
            if (!step) continue;
            const key = step.kind === 'expire' ? 0 : step.daysBefore;
            expect(done.has(key)).toBe(false);
            done.add(key);
            steps.push(step.kind);
            if (step.kind === 'expire') expect(day).toBeGreaterThanOrEqual(60);
            else expect(day).toBeGreaterThanOrEqual(60 - step.daysBefore);
          }
          expect(steps.filter((s) => s === 'expire').length).toBeLessThanOrEqual(1);
        },
      ),
    );
  });
});
