import {
  ADMIN_BONUS_CODE_SORTS,
  ADMIN_BONUS_SORTS,
  ADMIN_QUEST_SORTS,
  type AdminBonusCodeQuery,
  type AdminBonusDefinition,
  type AdminBonusDefinitionQuery,
  type AdminQuestQuery,
} from '@coinfall/shared/contracts/admin-promotions';
import { BONUS_KINDS } from '@coinfall/shared/contracts/bonus';
import { FormProblem } from './failure.fns';
import { filterOf, isoFromLocalInput, oneOf, pageOf } from './search-params.fns';

export { nextSorting, type Sorting } from './search-params.fns';

const enabledOf = (params: URLSearchParams): boolean | undefined => {
  const value = filterOf(params, 'enabled');
  return value === 'true' ? true : value === 'false' ? false : undefined;
};

/** The definitions page's URL as the API reads it. */
export function definitionQueryOf(
  params: URLSearchParams,
  perPage: number,
): AdminBonusDefinitionQuery {
  return {
    page: pageOf(params),
    perPage,
    q: filterOf(params, 'q')?.slice(0, 64),
    kind: oneOf(BONUS_KINDS, filterOf(params, 'kind')),
    enabled: enabledOf(params),
    sort: oneOf(ADMIN_BONUS_SORTS, filterOf(params, 'sort')) ?? 'id',
    order: filterOf(params, 'order') === 'asc' ? 'asc' : 'desc',
  };
}

/** The codes page's URL as the API reads it. */
export function codeQueryOf(params: URLSearchParams, perPage: number): AdminBonusCodeQuery {
  const bonusId = Number(filterOf(params, 'bonusId'));
  return {
    page: pageOf(params),
    perPage,
    q: filterOf(params, 'q')?.slice(0, 64),
    bonusId: Number.isInteger(bonusId) && bonusId >= 1 && bonusId < 2 ** 31 ? bonusId : undefined,
    enabled: enabledOf(params),
    sort: oneOf(ADMIN_BONUS_CODE_SORTS, filterOf(params, 'sort')) ?? 'createdAt',
    order: filterOf(params, 'order') === 'asc' ? 'asc' : 'desc',
  };
}

/** A JSON field of the definition form, or the problem named on that field. */
export function jsonField(text: string, field: string, fallback: unknown): unknown {
  if (!text.trim()) return fallback;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new FormProblem(field, 'Not valid JSON');
  }
}

/** A whole number the form needs, or the problem named on its field. */
export function wholeNumber(text: string, field: string): number {
  const value = Number(text.trim());
  if (!text.trim() || !Number.isInteger(value)) throw new FormProblem(field, 'A whole number');
  return value;
}

/** A UTC `datetime-local` value as ISO, or null when empty. */
export function instantOrNull(text: string, field: string): string | null {
  if (!text.trim()) return null;
  const iso = isoFromLocalInput(text.trim());
  if (!iso) throw new FormProblem(field, 'A date and time (UTC)');
  return iso;
}

/** An ISO instant as a UTC `datetime-local` value ('' for none). */
export const localInputOf = (iso: string | null): string => (iso ? iso.slice(0, 16) : '');

/** Wagering in tenths (35) as the form shows it (3.5) and back. */
export const wageringText = (tenths: number) => String(tenths / 10);
export function wageringTenths(text: string): number {
  const value = Number(text.trim() || '0');
  const tenths = Math.round(value * 10);
  if (!Number.isFinite(value) || value < 0 || Math.abs(tenths - value * 10) > 1e-9) {
    throw new FormProblem('wageringTenths', 'A multiple like 0, 1 or 3.5');
  }
  return tenths;
}

/** A list's claims cell: "12", or "12 / 100" against a cap. */
export function claimsText(row: { claims: number; claimCap: number | null }): string {
  return row.claimCap === null ? String(row.claims) : `${row.claims} / ${row.claimCap}`;
}

/** One line per reward for the list: "1,000.00 GC", "100 % up to 25,000.00 GC", "10 spins". */
export function rewardSummary(def: Pick<AdminBonusDefinition, 'rewards' | 'freeSpins'>): string {
  const coins = (minor: number) =>
    (minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });
  const parts = def.rewards.map((r) =>
    'percent' in r
      ? `${r.percent} % up to ${coins(r.cap)} ${r.currency}`
      : `${coins(r.amount)} ${r.currency}${r.steps ? ' (streak)' : ''}`,
  );
  if (def.freeSpins)
    parts.push(`${def.freeSpins.count} free spins on ${def.freeSpins.gameIdentity}`);
  return parts.join(' + ') || '—';
}

/** The quests page's URL as the API reads it. */
export function questQueryOf(params: URLSearchParams, perPage: number): AdminQuestQuery {
  return {
    page: pageOf(params),
    perPage,
    q: filterOf(params, 'q')?.slice(0, 64),
    enabled: enabledOf(params),
    sort: oneOf(ADMIN_QUEST_SORTS, filterOf(params, 'sort')) ?? 'id',
    order: filterOf(params, 'order') === 'asc' ? 'asc' : 'desc',
  };
}

/**
 * A chain's steps with the one at `index` moved by `delta` places (the composer's up and down
 * buttons); unchanged when that would leave the list.
 */
export function moveStep<T>(steps: readonly T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta;
  if (index < 0 || index >= steps.length || target < 0 || target >= steps.length) {
    return [...steps];
  }
  const moved = [...steps];
  [moved[index], moved[target]] = [moved[target]!, moved[index]!];
  return moved;
}

/**
 * Whether a chain's step may move by one place, or be removed, when its first `fixed` steps are
 * reached by players and stay in place (decision 061): nothing moves into or out of them.
 */
export function stepMovable(index: number, delta: -1 | 1, fixed: number, length: number): boolean {
  const target = index + delta;
  return index >= fixed && target >= fixed && target >= 0 && target < length;
}

/** The quests a new list of chain steps adds and removes, and whether the kept ones moved. */
export function stepChanges(before: readonly number[], after: readonly number[]) {
  const keptBefore = before.filter((id) => after.includes(id));
  const keptAfter = after.filter((id) => before.includes(id));
  return {
    added: after.filter((id) => !before.includes(id)),
    removed: before.filter((id) => !after.includes(id)),
    reordered: keptBefore.some((id, i) => keptAfter[i] !== id),
  };
}
