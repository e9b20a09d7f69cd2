import type { AdminProtectionItem } from '@coinfall/shared/contracts/admin-protection';
import { mayRecordLift, protectionEnd, protectionLength, standingText } from './protection.fns';

const item = (over: Partial<AdminProtectionItem> = {}): AdminProtectionItem => ({
  protectionId: '00000000-0000-4000-8000-000000000001',
  kind: 'exclusion',
  duration: 'indefinite',
  startsAt: '2026-01-10T12:00:00.000Z',
  endsAt: null,
  liftRequestedAt: null,
  liftsAt: null,
  earliestLiftAt: '2026-07-10T12:00:00.000Z',
  ...over,
});

describe('mayRecordLift', () => {
  const from = Date.parse('2026-07-10T12:00:00.000Z');

  it('offers the lift from the earliest time on, only to a permitted role', () => {
    expect(mayRecordLift(item(), from - 1, true)).toBe(false);
    expect(mayRecordLift(item(), from, true)).toBe(true);
    expect(mayRecordLift(item(), from + 1, false)).toBe(false);
  });

  it('never offers it for a break, a fixed exclusion or a lift already recorded', () => {
    const later = from + 365 * 86_400_000;
    expect(
      mayRecordLift(item({ kind: 'break', duration: '7d', earliestLiftAt: null }), later, true),
    ).toBe(false);
    expect(
      mayRecordLift(
        item({ duration: '1y', endsAt: '2027-01-10T12:00:00.000Z', earliestLiftAt: null }),
        later,
        true,
      ),
    ).toBe(false);
    expect(
      mayRecordLift(
        item({ liftRequestedAt: '2026-08-01T00:00:00.000Z', earliestLiftAt: null }),
        later,
        true,
      ),
    ).toBe(false);
  });
});

describe('the record in words', () => {
  it('names the length chosen', () => {
    expect(protectionLength({ kind: 'break', duration: '1d' })).toBe('Break · 1 day');
    expect(protectionLength({ kind: 'break', duration: '30d' })).toBe('Break · 30 days');
    expect(protectionLength({ kind: 'exclusion', duration: '5y' })).toBe(
      'Self-exclusion · 5 years',
    );
  });

  it('says when it ends, or that it stands until lifted', () => {
    expect(protectionEnd(item())).toBe('Indefinite — until a lift is recorded');
    expect(protectionEnd(item({ endsAt: '2027-01-10T12:00:00.000Z' }))).toBe(
      '2027-01-10 12:00 UTC',
    );
    expect(
      protectionEnd(
        item({ liftRequestedAt: '2026-08-01T00:00:00.000Z', liftsAt: '2026-08-08T00:00:00.000Z' }),
      ),
    ).toBe('2026-08-08 00:00 UTC (lift recorded 2026-08-01 00:00 UTC)');
  });

  it('says whether one stands, until when, and that an indefinite one waits for a lift', () => {
    expect(standingText({ inForce: null, excludedUntil: null })).toMatch(/^No break/);
    expect(
      standingText({
        inForce: item({ kind: 'break', duration: '3d' }),
        excludedUntil: '2026-01-13T12:00:00.000Z',
      }),
    ).toMatch(/^The player is on a break until 2026-01-13 12:00 UTC/);
    expect(standingText({ inForce: item(), excludedUntil: null })).toMatch(
      /self-excluded indefinitely/,
    );
  });
});
