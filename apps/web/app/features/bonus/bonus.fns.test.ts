import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/api-error.ts';
import {
  bonusAlertKey,
  bonusCodeRefusal,
  followPush,
  freeSpinAlertKey,
  isBonusRefusedHere,
  timeLeft,
  wageringPercent,
  type PagedItems,
} from './bonus.fns';

interface Item {
  id: number;
  status: number;
  note?: string;
}

const page = (data: Item[], pageNo = 1, totalRows = data.length): PagedItems<Item> => ({
  data,
  meta: {
    page: pageNo,
    perPage: 20,
    totalPages: Math.max(1, Math.ceil(totalRows / 20)),
    totalRows,
  },
});
const ids = (list: PagedItems<Item>) => list.data.map((i) => `${i.id}:${i.status}`);

describe('followPush on the spec list (issued and active)', () => {
  const shown = [1, 2];

  it('adds an issued bonus that is absent, at the top', () => {
    const next = followPush(page([{ id: 1, status: 2 }]), { id: 2, status: 1 }, shown);
    expect(ids(next)).toEqual(['2:1', '1:2']);
    expect(next.meta.totalRows).toBe(2);
  });

  it('keeps one copy of an issued bonus pushed twice', () => {
    const list = page([{ id: 2, status: 1 }]);
    expect(ids(followPush(list, { id: 2, status: 1 }, shown))).toEqual(['2:1']);
  });

  it('replaces an active bonus in place', () => {
    const list = page([
      { id: 1, status: 1 },
      { id: 2, status: 1 },
    ]);
    const next = followPush(list, { id: 2, status: 2, note: 'new' }, shown);
    expect(ids(next)).toEqual(['1:1', '2:2']);
    expect(next.data[1]?.note).toBe('new');
    expect(next.meta.totalRows).toBe(2);
  });

  it('removes a finished bonus', () => {
    const list = page([
      { id: 1, status: 2 },
      { id: 2, status: 1 },
    ]);
    const next = followPush(list, { id: 1, status: 3 }, shown);
    expect(ids(next)).toEqual(['2:1']);
    expect(next.meta.totalRows).toBe(1);
  });

  it('leaves the list as it is for a finished bonus it never showed', () => {
    const list = page([{ id: 1, status: 2 }]);
    expect(followPush(list, { id: 9, status: 3 }, shown)).toBe(list);
  });
});

describe('followPush on the tabs', () => {
  it('moves an activated bonus from Issued to Active', () => {
    const issued = page([{ id: 5, status: 1 }]);
    const active = page([{ id: 4, status: 2 }]);
    const pushed = { id: 5, status: 2 };
    expect(ids(followPush(issued, pushed, [1]))).toEqual([]);
    expect(ids(followPush(active, pushed, [2]))).toEqual(['5:2', '4:2']);
  });

  it('adds a finished bonus to the first page of History only', () => {
    const pushed = { id: 7, status: 3 };
    expect(ids(followPush(page([{ id: 1, status: 3 }]), pushed, [3]))).toEqual(['7:3', '1:3']);
    const second = page([{ id: 1, status: 3 }], 2, 25);
    expect(followPush(second, pushed, [3])).toBe(second);
  });
});

describe('bonusAlertKey', () => {
  const bonus = (status: number, result: number | null, wagered = 0) => ({
    status,
    result,
    wagered,
  });

  it('names each status and result of spec §8', () => {
    expect(bonusAlertKey(bonus(1, null), undefined)).toBe('bonusIssued');
    expect(bonusAlertKey(bonus(2, null), undefined)).toBe('bonusActivated');
    expect(bonusAlertKey(bonus(3, 2), undefined)).toBe('bonusPlayed');
    expect(bonusAlertKey(bonus(3, 3), undefined)).toBe('bonusCanceled');
    expect(bonusAlertKey(bonus(3, 4), undefined)).toBe('bonusExpired');
    expect(bonusAlertKey(bonus(3, 5), undefined)).toBe('bonusLost');
  });

  it('stays quiet on a progress push of a bonus already seen active', () => {
    expect(bonusAlertKey(bonus(2, null, 500), { status: 2, result: null })).toBeUndefined();
  });

  it('stays quiet on the first push of a bonus activated earlier, with wagering under way', () => {
    expect(bonusAlertKey(bonus(2, null, 500), undefined)).toBeUndefined();
  });

  it('announces an activation seen after the issue, and the end after activation', () => {
    expect(bonusAlertKey(bonus(2, null, 0), { status: 1, result: null })).toBe('bonusActivated');
    expect(bonusAlertKey(bonus(3, 2, 900), { status: 2, result: null })).toBe('bonusPlayed');
  });
});

describe('freeSpinAlertKey', () => {
  const grant = (status: number, result: number | null, used = 0) => ({ status, result, used });

  it('names each status and result of spec §8', () => {
    expect(freeSpinAlertKey(grant(1, null), undefined)).toBe('freeSpinIssued');
    expect(freeSpinAlertKey(grant(2, null), undefined)).toBe('freeSpinActivated');
    expect(freeSpinAlertKey(grant(3, 2), undefined)).toBe('freeSpinPlayed');
    expect(freeSpinAlertKey(grant(3, 3), undefined)).toBe('freeSpinCanceled');
    expect(freeSpinAlertKey(grant(3, 4), undefined)).toBe('freeSpinExpired');
  });

  it('stays quiet while spins are used', () => {
    expect(freeSpinAlertKey(grant(2, null, 3), { status: 2, result: null })).toBeUndefined();
    expect(freeSpinAlertKey(grant(2, null, 3), undefined)).toBeUndefined();
  });
});

describe('wageringPercent', () => {
  it('is the floor of wagered over required, within 0–100', () => {
    expect(wageringPercent(0, 1000)).toBe(0);
    expect(wageringPercent(999, 1000)).toBe(99);
    expect(wageringPercent(1500, 1000)).toBe(100);
    expect(wageringPercent(0, 0)).toBe(100);
  });
});

describe('timeLeft', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');

  it('splits the time to a deadline into days, hours, minutes and seconds', () => {
    expect(timeLeft('2026-01-02T03:04:05Z', now)).toEqual({
      days: 1,
      hours: 3,
      minutes: 4,
      seconds: 5,
    });
  });

  it('is null without a deadline or once it has passed', () => {
    expect(timeLeft(null, now)).toBeNull();
    expect(timeLeft('2026-01-01T00:00:00Z', now)).toBeNull();
  });
});

describe('bonusCodeRefusal', () => {
  it('maps status 3 to incorrect and 4 to not available (spec §4, §8)', () => {
    expect(bonusCodeRefusal({ bonusCodeStatus: 3 })).toBe('bonusCodeIncorrect');
    expect(bonusCodeRefusal({ bonusCodeStatus: 4 })).toBe('bonusCodeNotAvailable');
    expect(bonusCodeRefusal({})).toBeUndefined();
    expect(bonusCodeRefusal(undefined)).toBeUndefined();
  });
});

describe('isBonusRefusedHere', () => {
  it('knows the jurisdiction refusal of a claim from any other failure', () => {
    const refused = (status: number, code: string) => new ApiError(status, { code, message: 'x' });
    expect(isBonusRefusedHere(refused(403, 'PURCHASE_BONUS_NOT_ALLOWED'))).toBe(true);
    expect(isBonusRefusedHere(refused(403, 'SWEEPS_NOT_ALLOWED'))).toBe(false);
    expect(isBonusRefusedHere(refused(409, 'CONFLICT'))).toBe(false);
    expect(isBonusRefusedHere(new Error('network'))).toBe(false);
  });
});
