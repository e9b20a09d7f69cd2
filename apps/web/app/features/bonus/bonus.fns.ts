import {
  BonusCodeStatus,
  BonusResult,
  BonusStatus,
  FreeSpinResult,
  FreeSpinStatus,
} from '@coinfall/shared/bonus-constants';
import type { PageMeta } from '@coinfall/shared/contracts/player';
import { ApiError } from '../../lib/api/api-error.ts';

/**
 * Pure rules of the bonus screens: how a pushed bonus or free spin changes a list on screen,
 * which alert a change raises, and how progress, time left and refused codes are shown.
 */

/** What the list rule needs of a player bonus or free spin. */
export interface ListedItem {
  id: number;
  status: number;
}

export interface PagedItems<T> {
  data: readonly T[];
  meta: PageMeta;
}

/**
 * Spec §4's local-list rule, for a list showing `shown` statuses: status 1 adds if absent,
 * 2 replaces, others remove. For the spec's list (issued and active) that is the rule as
 * written; a tab generalizes it: an item leaves the tab whose statuses no longer include it and
 * enters, at the top of the first page, the tab that does (an issued bonus turned active moves
 * from Issued to Active, a finished one to History).
 */
export function followPush<T extends ListedItem>(
  list: PagedItems<T>,
  item: T,
  shown: readonly number[],
): PagedItems<T> {
  const index = list.data.findIndex((entry) => entry.id === item.id);
  if (!shown.includes(item.status)) {
    if (index < 0) return list;
    return {
      data: list.data.filter((_, i) => i !== index),
      meta: { ...list.meta, totalRows: Math.max(0, list.meta.totalRows - 1) },
    };
  }
  if (index >= 0)
    return { ...list, data: list.data.map((entry, i) => (i === index ? item : entry)) };
  // Only the first page gains it: on a later page it belongs somewhere the player has passed.
  if (list.meta.page !== 1) return list;
  return {
    data: [item, ...list.data],
    meta: { ...list.meta, totalRows: list.meta.totalRows + 1 },
  };
}

/** The tabs of /profile/bonuses and the statuses each lists. */
export const BONUS_TABS = {
  active: [BonusStatus.Active],
  issued: [BonusStatus.Issued],
  history: [BonusStatus.Finished],
} as const satisfies Record<string, readonly number[]>;
export type BonusTab = keyof typeof BONUS_TABS;

/** The free spins the page lists: the ones still to play. */
export const OPEN_FREE_SPIN_STATUSES: readonly number[] = [
  FreeSpinStatus.Issued,
  FreeSpinStatus.Active,
];

export type BonusAlertKey =
  'bonusIssued' | 'bonusActivated' | 'bonusPlayed' | 'bonusCanceled' | 'bonusExpired' | 'bonusLost';
export type FreeSpinAlertKey =
  | 'freeSpinIssued'
  | 'freeSpinActivated'
  | 'freeSpinPlayed'
  | 'freeSpinCanceled'
  | 'freeSpinExpired';

/** A bonus as last seen by the site: a push that repeats it (wagering progress) is no news. */
export interface SeenState {
  status: number;
  result: number | null;
}

const BONUS_RESULT_ALERTS: Record<number, BonusAlertKey> = {
  [BonusResult.Played]: 'bonusPlayed',
  [BonusResult.Canceled]: 'bonusCanceled',
  [BonusResult.Expired]: 'bonusExpired',
  [BonusResult.Lost]: 'bonusLost',
};
const FREE_SPIN_RESULT_ALERTS: Record<number, FreeSpinAlertKey> = {
  [FreeSpinResult.Played]: 'freeSpinPlayed',
  [FreeSpinResult.Canceled]: 'freeSpinCanceled',
  [FreeSpinResult.Expired]: 'freeSpinExpired',
};

/**
 * The spec §8 alert of a pushed player bonus, or undefined when the push is no news: the same
 * status and result as last seen (progress updates come as pushes too), or an active bonus
 * first seen with wagering already under way (activated before this page was opened).
 */
export function bonusAlertKey(
  bonus: SeenState & { wagered: number },
  seen: SeenState | undefined,
): BonusAlertKey | undefined {
  if (seen && seen.status === bonus.status && seen.result === bonus.result) return undefined;
  switch (bonus.status) {
    case BonusStatus.Issued:
      return 'bonusIssued';
    case BonusStatus.Active:
      return seen || bonus.wagered === 0 ? 'bonusActivated' : undefined;
    default:
      return bonus.result === null ? undefined : BONUS_RESULT_ALERTS[bonus.result];
  }
}

/** The same for a pushed free-spin grant; `used` plays the part of `wagered`. */
export function freeSpinAlertKey(
  freeSpin: SeenState & { used: number },
  seen: SeenState | undefined,
): FreeSpinAlertKey | undefined {
  if (seen && seen.status === freeSpin.status && seen.result === freeSpin.result) return undefined;
  switch (freeSpin.status) {
    case FreeSpinStatus.Issued:
      return 'freeSpinIssued';
    case FreeSpinStatus.Active:
      return seen || freeSpin.used === 0 ? 'freeSpinActivated' : undefined;
    default:
      return freeSpin.result === null ? undefined : FREE_SPIN_RESULT_ALERTS[freeSpin.result];
  }
}

/** Wagering progress as a whole percent, 0–100 (a bonus without wagering is complete). */
export function wageringPercent(wagered: number, required: number): number {
  if (required <= 0) return 100;
  return Math.min(100, Math.max(0, Math.floor((wagered / required) * 100)));
}

/** Time left until `deadline`, in the largest two units; null once passed. */
export function timeLeft(
  deadline: string | null,
  now: number,
): { days: number; hours: number; minutes: number; seconds: number } | null {
  if (deadline === null) return null;
  const ms = Date.parse(deadline) - now;
  if (!(ms > 0)) return null;
  const seconds = Math.floor(ms / 1000);
  return {
    days: Math.floor(seconds / 86_400),
    hours: Math.floor((seconds % 86_400) / 3600),
    minutes: Math.floor((seconds % 3600) / 60),
    seconds: seconds % 60,
  };
}

/** The spec §8 alert of a refused bonus code, read from `details.bonusCodeStatus`. */
export function bonusCodeRefusal(
  details: Record<string, unknown> | undefined,
): 'bonusCodeIncorrect' | 'bonusCodeNotAvailable' | undefined {
  const status = details?.bonusCodeStatus;
  if (status === BonusCodeStatus.Incorrect) return 'bonusCodeIncorrect';
  if (status === BonusCodeStatus.NotAvailable) return 'bonusCodeNotAvailable';
  return undefined;
}

/**
 * A claim (code, activation, daily bonus) refused because the player's place offers no bonuses
 * (403 PURCHASE_BONUS_NOT_ALLOWED, decision 046): the screens say so in the player's language.
 */
export function isBonusRefusedHere(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'PURCHASE_BONUS_NOT_ALLOWED';
}
