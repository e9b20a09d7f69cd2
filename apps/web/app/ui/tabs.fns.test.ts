import fc from 'fast-check';
import { tabAfterKey, tabFromHash } from './tabs.fns';

const TABS = ['all', 'deposits', 'purchases'] as const;

describe('tabAfterKey', () => {
  it('moves with the arrows, wrapping at both ends, and jumps with Home and End', () => {
    expect(tabAfterKey(TABS, 'all', 'ArrowRight')).toBe('deposits');
    expect(tabAfterKey(TABS, 'purchases', 'ArrowRight')).toBe('all');
    expect(tabAfterKey(TABS, 'all', 'ArrowLeft')).toBe('purchases');
    expect(tabAfterKey(TABS, 'deposits', 'Home')).toBe('all');
    expect(tabAfterKey(TABS, 'deposits', 'End')).toBe('purchases');
  });

  it('ignores every other key', () => {
    expect(tabAfterKey(TABS, 'all', 'Enter')).toBeUndefined();
    expect(tabAfterKey(TABS, 'all', 'ArrowDown')).toBeUndefined();
  });

  it('comes back to where it started after as many right arrows as there are tabs', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.nat(), (count, start) => {
        const tabs = Array.from({ length: count }, (_, i) => `t${i}`);
        const from = tabs[start % count] ?? 't0';
        let at: string | undefined = from;
        for (let i = 0; i < count; i++) at = tabAfterKey(tabs, at ?? '', 'ArrowRight');
        expect(at).toBe(from);
        // Left undoes right.
        const right = tabAfterKey(tabs, from, 'ArrowRight') ?? '';
        expect(tabAfterKey(tabs, right, 'ArrowLeft')).toBe(from);
      }),
    );
  });
});

describe('tabFromHash', () => {
  it('reads a known tab from the hash, and falls back to the first', () => {
    expect(tabFromHash(['all', ...TABS.slice(1)], '#purchases')).toBe('purchases');
    expect(tabFromHash(['all', ...TABS.slice(1)], '')).toBe('all');
    expect(tabFromHash(['all', ...TABS.slice(1)], '#nope')).toBe('all');
  });
});
