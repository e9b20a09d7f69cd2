import { describe, expect, it } from 'vitest';
import { isOnSale } from './shop.fns.ts';

describe('isOnSale', () => {
  const now = new Date('2026-11-27T12:00:00Z');
  const at = (iso: string) => new Date(iso);
  it('needs the bundle switched on and now inside its window (start included, end excluded)', () => {
    expect(isOnSale({ active: true, startsAt: null, endsAt: null }, now)).toBe(true);
    expect(isOnSale({ active: false, startsAt: null, endsAt: null }, now)).toBe(false);
    expect(isOnSale({ active: true, startsAt: now, endsAt: null }, now)).toBe(true);
    expect(
      isOnSale({ active: true, startsAt: at('2026-11-27T12:00:01Z'), endsAt: null }, now),
    ).toBe(false);
    expect(isOnSale({ active: true, startsAt: null, endsAt: now }, now)).toBe(false);
    expect(
      isOnSale({ active: true, startsAt: null, endsAt: at('2026-11-27T12:00:01Z') }, now),
    ).toBe(true);
  });
});
