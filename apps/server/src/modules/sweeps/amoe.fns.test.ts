import fc from 'fast-check';
import { AMOE_CODE_LENGTH, normalizeAmoeCode } from '@coinfall/shared';
import {
  amoeCodeFrom,
  amoeCodeStatus,
  capReached,
  envelopeProblem,
  monthOf,
  utcDay,
} from './amoe.fns.ts';

const bytes = fc.uint8Array({ minLength: AMOE_CODE_LENGTH, maxLength: AMOE_CODE_LENGTH });

describe('AMOE codes', () => {
  it('reads back every generated code, however it is handwritten', () => {
    fc.assert(
      fc.property(bytes, fc.boolean(), fc.boolean(), (b, lower, spaced) => {
        const code = amoeCodeFrom(b);
        expect(code).toMatch(/^AMOE-[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
        let written = lower ? code.toLowerCase() : code;
        if (spaced) written = written.replace(/-/g, ' ');
        expect(normalizeAmoeCode(written.replace(/0/g, 'O').replace(/1/g, 'l'))).toBe(code);
      }),
    );
  });

  it('refuses what cannot be a code', () => {
    expect(normalizeAmoeCode('AMOE-1234')).toBeNull();
    expect(normalizeAmoeCode('AMOE-12345-1234U')).toBeNull();
    expect(normalizeAmoeCode('')).toBeNull();
  });

  it('is used once used, expired at its expiry, unused before', () => {
    const expiresAt = new Date('2026-05-01T00:00:00Z');
    expect(amoeCodeStatus({ usedAt: null, expiresAt }, new Date('2026-04-30T23:59:59Z'))).toBe(
      'unused',
    );
    expect(amoeCodeStatus({ usedAt: null, expiresAt }, expiresAt)).toBe('expired');
    expect(amoeCodeStatus({ usedAt: new Date(0), expiresAt }, new Date(0))).toBe('used');
  });
});

describe('an envelope’s dates', () => {
  const code = {
    createdAt: new Date('2026-03-10T15:00:00Z'),
    expiresAt: new Date('2026-06-08T15:00:00Z'),
  };
  const now = new Date('2026-06-20T12:00:00Z');

  it('hold when postmarked in the code’s life and received after', () => {
    expect(
      envelopeProblem({ postmarkedOn: '2026-03-10', receivedOn: '2026-03-12' }, code, now),
    ).toBeNull();
    expect(
      envelopeProblem({ postmarkedOn: '2026-06-08', receivedOn: '2026-06-20' }, code, now),
    ).toBeNull();
  });

  it('name the field that is impossible', () => {
    expect(
      envelopeProblem({ postmarkedOn: '2026-04-01', receivedOn: '2026-06-21' }, code, now),
    ).toMatchObject({ field: 'receivedOn' });
    expect(
      envelopeProblem({ postmarkedOn: '2026-04-05', receivedOn: '2026-04-01' }, code, now),
    ).toMatchObject({ field: 'postmarkedOn' });
    expect(
      envelopeProblem({ postmarkedOn: '2026-03-09', receivedOn: '2026-04-01' }, code, now),
    ).toMatchObject({ field: 'postmarkedOn' });
  });

  it('say expired when postmarked after the code’s last day', () => {
    expect(
      envelopeProblem({ postmarkedOn: '2026-06-09', receivedOn: '2026-06-10' }, code, now),
    ).toEqual({ expired: true });
  });
});

describe('caps', () => {
  it('refuse at the day cap first, then the month cap', () => {
    fc.assert(
      fc.property(
        fc.nat(40),
        fc.nat(40),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 30 }),
        (day, month, maxPerDay, maxPerMonth) => {
          const cap = capReached(
            { sameDay: day, sameMonth: Math.max(day, month) },
            { maxPerDay, maxPerMonth },
          );
          if (day >= maxPerDay) expect(cap).toBe('day');
          else if (Math.max(day, month) >= maxPerMonth) expect(cap).toBe('month');
          else expect(cap).toBeNull();
        },
      ),
    );
  });

  it('count a calendar month of the postmark', () => {
    expect(monthOf('2028-02-14')).toEqual({ first: '2028-02-01', last: '2028-02-29' });
    expect(monthOf('2026-12-31')).toEqual({ first: '2026-12-01', last: '2026-12-31' });
    expect(utcDay(new Date('2026-01-01T23:30:00-05:00'))).toBe('2026-01-02');
  });
});
