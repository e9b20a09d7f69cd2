import type { StoredAlert } from '@coinfall/shared';
import {
  addStoredAlert,
  countUnreadAlerts,
  isStoredAlertKey,
  markAllStoredAlertsRead,
  markStoredAlertRead,
  parseStoredAlerts,
  takeShowOnceAlerts,
  uniqueAlertTime,
} from './stored-alerts.fns.ts';
import { alertPath } from './alert-links.fns.ts';

const stored = (dt: string, extra: Partial<StoredAlert> = {}): StoredAlert => ({
  type: 'success',
  title: 'Bonus issued',
  description: '',
  typeText: '',
  url: '/profile/bonuses',
  icon: '',
  dt,
  isUnread: true,
  alertKey: 'bonusIssued',
  ...extra,
});

describe('stored alerts', () => {
  it('keeps the newest first and caps the list', () => {
    let list: StoredAlert[] = [];
    for (let i = 0; i < 5; i++)
      list = addStoredAlert(list, stored(`2025-01-0${i + 1}T00:00:00.000Z`), 3);
    expect(list.map((a) => a.dt.slice(0, 10))).toEqual(['2025-01-05', '2025-01-04', '2025-01-03']);
  });

  it('marks one alert read, then all', () => {
    const list = [stored('2025-01-02T00:00:00.000Z'), stored('2025-01-01T00:00:00.000Z')];
    const one = markStoredAlertRead(list, '2025-01-01T00:00:00.000Z');
    expect(one.map((a) => a.isUnread)).toEqual([true, false]);
    expect(countUnreadAlerts(one)).toBe(1);
    expect(countUnreadAlerts(markAllStoredAlertsRead(one))).toBe(0);
  });

  it('reads back what it wrote and drops what it cannot read', () => {
    const good = stored('2025-01-01T00:00:00.000Z');
    expect(parseStoredAlerts(JSON.stringify([good, { title: 'old shape' }, 42]))).toEqual([good]);
    expect(parseStoredAlerts('not json')).toEqual([]);
    expect(parseStoredAlerts('{"a":1}')).toEqual([]);
    expect(parseStoredAlerts(null)).toEqual([]);
  });

  it('gives a new alert a time no stored alert has', () => {
    const list = [stored('2025-01-01T00:00:00.000Z')];
    expect(uniqueAlertTime(list, Date.parse('2025-01-01T00:00:00.000Z'))).toBe(
      '2025-01-01T00:00:00.001Z',
    );
    expect(uniqueAlertTime(list, Date.parse('2025-02-01T00:00:00.000Z'))).toBe(
      '2025-02-01T00:00:00.000Z',
    );
    expect(uniqueAlertTime([], 0)).toBe('1970-01-01T00:00:00.000Z');
  });

  it('stores notifications but not passing form feedback', () => {
    expect(isStoredAlertKey('freeSpinIssued')).toBe(true);
    expect(isStoredAlertKey('depositSuccess')).toBe(true);
    expect(isStoredAlertKey('questCompleted')).toBe(true);
    expect(isStoredAlertKey('levelUp')).toBe(true);
    expect(isStoredAlertKey('kycVerified')).toBe(true);
    expect(isStoredAlertKey('purchaseSuccess')).toBe(true);
    expect(isStoredAlertKey('successRegistration')).toBe(true);
    expect(isStoredAlertKey('bonusCodeIncorrect')).toBe(false);
    expect(isStoredAlertKey('somethingWrong')).toBe(false);
  });
});

describe('alertPath', () => {
  it('links free-spin alerts to their game', () => {
    expect(alertPath('freeSpinIssued', { identity: 'book of coins' })).toBe(
      '/games/book%20of%20coins',
    );
  });

  it('links bonus notifications, and free spins without a game, to /profile/bonuses', () => {
    expect(alertPath('bonusActivated', {})).toBe('/profile/bonuses');
    expect(alertPath('freeSpinExpired', {})).toBe('/profile/bonuses');
  });

  it('links quest alerts to the quests and a new level to /loyalty', () => {
    expect(alertPath('questCompleted', {})).toBe('/quests/list');
    expect(alertPath('questAwarded', {})).toBe('/quests/achievements');
    expect(alertPath('levelUp', { url: '/elsewhere' })).toBe('/loyalty');
  });

  it('gives bonus-code feedback no link', () => {
    expect(alertPath('bonusCodeIncorrect', {})).toBeUndefined();
  });

  it('accepts an explicit in-site url only', () => {
    expect(alertPath('depositSuccess', { url: '/payments/success' })).toBe('/payments/success');
    expect(alertPath('depositSuccess', { url: '//evil.example' })).toBeUndefined();
    expect(alertPath('depositSuccess', { url: 'https://evil.example' })).toBeUndefined();
  });
});

describe('takeShowOnceAlerts', () => {
  it('takes the show-once alerts out, oldest first, and keeps the rest in order', () => {
    const removed = (dt: string) =>
      stored(dt, { alertKey: 'accountRemoved', title: 'Account removed', showOnce: true });
    const list = [
      removed('2025-01-03T00:00:00.000Z'),
      stored('2025-01-02T00:00:00.000Z'),
      removed('2025-01-01T00:00:00.000Z'),
    ];
    const { show, keep } = takeShowOnceAlerts(list);
    expect(show.map((a) => a.dt.slice(0, 10))).toEqual(['2025-01-01', '2025-01-03']);
    expect(keep).toEqual([stored('2025-01-02T00:00:00.000Z')]);
  });

  it('leaves a list without show-once alerts as it is', () => {
    const list = [stored('2025-01-02T00:00:00.000Z', { showOnce: false })];
    expect(takeShowOnceAlerts(list)).toEqual({ show: [], keep: list });
  });

  it('reads the flag from storage and still reads alerts stored before it existed', () => {
    const raw = JSON.stringify([
      stored('2025-01-02T00:00:00.000Z', { alertKey: 'accountRemoved', showOnce: true }),
      stored('2025-01-01T00:00:00.000Z'),
    ]);
    const parsed = parseStoredAlerts(raw);
    expect(parsed.map((a) => a.showOnce)).toEqual([true, undefined]);
  });
});
