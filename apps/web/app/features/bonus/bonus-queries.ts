import type { PlayerBonus, PlayerFreeSpin } from '@coinfall/shared/contracts/bonus';
import { playerQueryClient } from '../../lib/query/player-queries';
import { followPush, type ListedItem, type PagedItems } from './bonus.fns';

/**
 * Query keys of the bonus screens, and how a push lands in their caches. Top level: the
 * realtime feature writes pushes in through `followBonusPush` / `followFreeSpinPush`.
 */
export const BONUS_QUERY_KEYS = {
  bonuses: ['bonus', 'player-bonuses'],
  freeSpins: ['bonus', 'player-freespins'],
  codes: ['bonus', 'codes'],
  daily: ['bonus', 'daily'],
} as const;

/** The filter of one cached list page: its statuses, page and size. */
export interface BonusListFilter {
  statuses: readonly number[];
  page: number;
  perPage: number;
}

export const bonusListKey = (filter: BonusListFilter) =>
  [...BONUS_QUERY_KEYS.bonuses, filter] as const;
export const freeSpinListKey = (filter: BonusListFilter) =>
  [...BONUS_QUERY_KEYS.freeSpins, filter] as const;

function followInCache<T extends ListedItem>(prefix: readonly string[], item: T): void {
  for (const [key, list] of playerQueryClient.getQueriesData<PagedItems<T>>({
    queryKey: [...prefix],
  })) {
    const filter = key[prefix.length] as BonusListFilter | undefined;
    if (list && filter)
      playerQueryClient.setQueryData(key, followPush(list, item, filter.statuses));
  }
  // The pushed item is on screen at once; pages and counts are read again from the server.
  void playerQueryClient.invalidateQueries({ queryKey: [...prefix] });
}

/** A pushed player bonus, written into every cached list (spec §4's list rule). */
export function followBonusPush(bonus: PlayerBonus): void {
  followInCache(BONUS_QUERY_KEYS.bonuses, bonus);
}

/** A pushed free-spin grant, the same way. */
export function followFreeSpinPush(freeSpin: PlayerFreeSpin): void {
  followInCache(BONUS_QUERY_KEYS.freeSpins, freeSpin);
}

/** The player's codes changed (applied, removed): read them again. */
export function refreshBonusCodes(): void {
  void playerQueryClient.invalidateQueries({ queryKey: [...BONUS_QUERY_KEYS.codes] });
}
