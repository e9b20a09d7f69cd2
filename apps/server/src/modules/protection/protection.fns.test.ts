import fc from 'fast-check';
import { addUtcMonths, BREAK_DAYS, EXCLUSION_PERIODS } from '@coinfall/shared';
import { INDEFINITE_EXCLUSION_UNTIL } from '../../platform/auth.fns.ts';
import {
  breakOf,
  effectiveEnd,
  excludedUntilAfter,
  exclusionOf,
  isInForce,
  liftRefusal,
  marketingSegmentIds,
  withLiftAsked,
} from './protection.fns.ts';

const DAY = 24 * 3600_000;
const at = (iso: string) => new Date(iso);
const dates = fc.date({
  min: new Date('2000-01-01T00:00:00Z'),
  max: new Date('2100-01-01T00:00:00Z'),
  noInvalidDate: true,
});
const protections = fc.oneof(
  fc.tuple(fc.constantFrom(...BREAK_DAYS), dates).map(([d, t]) => breakOf(d, t)),
  fc.tuple(fc.constantFrom(...EXCLUSION_PERIODS), dates).map(([p, t]) => exclusionOf(p, t)),
);

describe('addUtcMonths', () => {
  it('keeps the day, or the month’s last day when it has fewer', () => {
    expect(addUtcMonths(at('2026-01-31T10:00:00Z'), 1)).toEqual(at('2026-02-28T10:00:00Z'));
    expect(addUtcMonths(at('2028-01-31T10:00:00Z'), 1)).toEqual(at('2028-02-29T10:00:00Z'));
    expect(addUtcMonths(at('2026-08-31T00:00:00Z'), 6)).toEqual(at('2027-02-28T00:00:00Z'));
    expect(addUtcMonths(at('2026-11-15T23:59:00Z'), 12)).toEqual(at('2027-11-15T23:59:00Z'));
  });

  it('always moves forward by 28 to 31 days a month', () => {
    fc.assert(
      fc.property(dates, fc.integer({ min: 1, max: 60 }), (d, months) => {
        const moved = addUtcMonths(d, months).getTime() - d.getTime();
        expect(moved).toBeGreaterThanOrEqual(months * 28 * DAY - DAY);
        expect(moved).toBeLessThanOrEqual(months * 31 * DAY);
      }),
    );
  });
});

describe('breaks and exclusions', () => {
  it('a break of n days ends exactly n × 24 h later', () => {
    fc.assert(
      fc.property(fc.constantFrom(...BREAK_DAYS), dates, (days, start) => {
        const b = breakOf(days, start);
        expect(b.endsAt!.getTime() - start.getTime()).toBe(days * DAY);
        expect(isInForce(b, start)).toBe(true);
        expect(isInForce(b, new Date(b.endsAt!.getTime() - 1))).toBe(true);
        expect(isInForce(b, b.endsAt!)).toBe(false);
      }),
    );
  });

  it('exclusions run 6, 12, 36 or 60 months; the indefinite one has no end', () => {
    const start = at('2026-03-10T12:00:00Z');
    expect(exclusionOf('6m', start).endsAt).toEqual(at('2026-09-10T12:00:00Z'));
    expect(exclusionOf('1y', start).endsAt).toEqual(at('2027-03-10T12:00:00Z'));
    expect(exclusionOf('3y', start).endsAt).toEqual(at('2029-03-10T12:00:00Z'));
    expect(exclusionOf('5y', start).endsAt).toEqual(at('2031-03-10T12:00:00Z'));
    const forever = exclusionOf('indefinite', start);
    expect(forever.endsAt).toBeNull();
    expect(effectiveEnd(forever)).toEqual(INDEFINITE_EXCLUSION_UNTIL);
    expect(isInForce(forever, at('2090-01-01T00:00:00Z'))).toBe(true);
  });

  it('nothing taken after shortens what stands: excluded_until never moves earlier', () => {
    fc.assert(
      fc.property(fc.array(protections, { minLength: 1, maxLength: 6 }), (list) => {
        let until: Date | null = null;
        for (const p of list) {
          const next = excludedUntilAfter(until, p);
          if (until) expect(next.getTime()).toBeGreaterThanOrEqual(until.getTime());
          expect(next.getTime()).toBeGreaterThanOrEqual(effectiveEnd(p).getTime());
          until = next;
        }
      }),
    );
  });
});

describe('lifting an indefinite exclusion', () => {
  const start = at('2026-01-15T08:00:00Z');
  const forever = exclusionOf('indefinite', start);

  it('is refused before 6 months, then ends 7 days after it is asked', () => {
    expect(liftRefusal(forever, at('2026-07-15T07:59:59Z'))).toBe('too-early');
    const asked = at('2026-07-15T08:00:00Z');
    expect(liftRefusal(forever, asked)).toBeNull();
    const lifted = withLiftAsked(forever, asked);
    expect(effectiveEnd(lifted)).toEqual(at('2026-07-22T08:00:00Z'));
    expect(liftRefusal(lifted, at('2026-08-01T00:00:00Z'))).toBe('already-asked');
  });

  it('is refused for breaks and fixed exclusions, whenever asked', () => {
    fc.assert(
      fc.property(protections, dates, (p, when) => {
        if (p.duration === 'indefinite') return;
        expect(liftRefusal(p, when)).toBe('not-indefinite');
      }),
    );
  });
});

describe('marketingSegmentIds', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  it('is none while a break or exclusion stands, and the own segments again once it ended', () => {
    const segmentIds = [1, 3];
    expect(marketingSegmentIds({ segmentIds, excludedUntil: null }, now)).toEqual([1, 3]);
    expect(
      marketingSegmentIds({ segmentIds, excludedUntil: new Date(now.getTime() + 1) }, now),
    ).toEqual([]);
    expect(
      marketingSegmentIds({ segmentIds, excludedUntil: INDEFINITE_EXCLUSION_UNTIL }, now),
    ).toEqual([]);
    expect(marketingSegmentIds({ segmentIds, excludedUntil: now }, now)).toEqual([1, 3]);
  });
});
