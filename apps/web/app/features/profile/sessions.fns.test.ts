import type { PlayerSession, PlayerSessionList } from '@coinfall/shared/contracts/player';
import { deviceLabel, locationLabel, sessionRow, withoutSession } from './sessions.fns.ts';

const session = (overrides: Partial<PlayerSession> = {}): PlayerSession => ({
  id: '6a1e2f3b-4c5d-4e6f-8a7b-9c0d1e2f3a4b',
  device: { type: 'desktop', os: 'macOS', browser: 'Chrome' },
  ip: '203.0.113.7',
  location: { lat: 40.712_8, lon: -74.006_1 },
  createdAt: '2026-03-01T10:00:00.000Z',
  lastSeenAt: '2026-03-01T11:30:00.000Z',
  current: false,
  ...overrides,
});

describe('deviceLabel', () => {
  it('says browser, system and kind, or as much as is known', () => {
    expect(deviceLabel({ type: 'desktop', os: 'macOS', browser: 'Chrome' })).toBe(
      'Chrome on macOS (desktop)',
    );
    expect(deviceLabel({ type: 'mobile', os: 'iOS' })).toBe('iOS (mobile)');
    expect(deviceLabel({ type: 'tablet' })).toBe('tablet');
  });
});

describe('locationLabel', () => {
  it('rounds the coordinates to two decimals; none without a location', () => {
    expect(locationLabel({ lat: 40.712_8, lon: -74.006_1 })).toBe('40.71, -74.01');
    expect(locationLabel(null)).toBeUndefined();
  });
});

describe('sessionRow', () => {
  it('formats a row and lets only other sessions be closed', () => {
    const row = sessionRow(session(), 'en');
    expect(row).toMatchObject({
      device: 'Chrome on macOS (desktop)',
      ip: '203.0.113.7',
      location: '40.71, -74.01',
      current: false,
      closable: true,
    });
    expect(row.created).toMatch(/2026/);
    expect(sessionRow(session({ current: true, ip: null }), 'en')).toMatchObject({
      closable: false,
      ip: undefined,
    });
  });
});

describe('withoutSession', () => {
  const list: PlayerSessionList = {
    data: [session({ id: 'a' }), session({ id: 'b' })],
    meta: { page: 1, perPage: 1, totalPages: 2, totalRows: 2 },
  };

  it('takes the session out and adjusts the counts', () => {
    const next = withoutSession(list, 'a');
    expect(next.data.map((s) => s.id)).toEqual(['b']);
    expect(next.meta).toEqual({ page: 1, perPage: 1, totalPages: 1, totalRows: 1 });
  });

  it('leaves the page as it is for an unknown id', () => {
    expect(withoutSession(list, 'zzz')).toBe(list);
  });
});
