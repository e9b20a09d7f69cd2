import { LIMIT_COOLING_OFF_HOURS, type PlayerLimit } from '@coinfall/shared';

/** How long a raise or a removal waits: a player cannot loosen a limit on impulse. */
export const LIMIT_COOLING_OFF_MS = LIMIT_COOLING_OFF_HOURS * 60 * 60 * 1000;

/** The part of a limit the responsible-gaming rules act on. */
export interface LimitState {
  amount: number;
  pendingAmount: number | null;
  effectiveAt: Date | null;
  removesAt: Date | null;
}

/**
 * The limit as it stands at `now`: a removal that has come due deletes it (null), a raise that
 * has come due replaces the amount. Anything not yet due is left waiting.
 */
export function settleLimit<T extends LimitState>(limit: T, now: Date): T | null {
  if (limit.removesAt && limit.removesAt.getTime() <= now.getTime()) return null;
  if (
    limit.pendingAmount !== null &&
    limit.effectiveAt &&
    limit.effectiveAt.getTime() <= now.getTime()
  ) {
    return { ...limit, amount: limit.pendingAmount, pendingAmount: null, effectiveAt: null };
  }
  return limit;
}

/** True when settling at `now` would change the stored row. */
export function needsSettling(limit: LimitState, now: Date): boolean {
  return settleLimit(limit, now) !== limit;
}

/**
 * A new amount for a settled limit. Tightening (a lower or equal amount) is immediate and cancels
 * any waiting raise or removal. Loosening waits LIMIT_COOLING_OFF_MS; asking again for the same
 * waiting raise keeps its original time rather than restarting it.
 */
export function changeLimitAmount(current: LimitState, requested: number, now: Date): LimitState {
  if (requested <= current.amount) {
    return { amount: requested, pendingAmount: null, effectiveAt: null, removesAt: null };
  }
  if (current.pendingAmount === requested && current.effectiveAt) {
    return { ...current, removesAt: null };
  }
  return {
    amount: current.amount,
    pendingAmount: requested,
    effectiveAt: new Date(now.getTime() + LIMIT_COOLING_OFF_MS),
    removesAt: null,
  };
}

/**
 * Removing a limit loosens it as far as it goes, so it is cooled off too: the limit keeps its
 * current amount until removesAt. A waiting raise is dropped; a removal already scheduled keeps
 * its time.
 */
export function scheduleLimitRemoval(current: LimitState, now: Date): LimitState {
  if (current.removesAt) return current;
  return {
    amount: current.amount,
    pendingAmount: null,
    effectiveAt: null,
    removesAt: new Date(now.getTime() + LIMIT_COOLING_OFF_MS),
  };
}

export interface LimitRowLike extends LimitState {
  id: string;
  type: PlayerLimit['type'];
  period: PlayerLimit['period'];
  currency: string;
  createdAt: Date;
  updatedAt: Date;
}

export function toPlayerLimit(row: LimitRowLike): PlayerLimit {
  return {
    limitId: row.id,
    type: row.type,
    period: row.period,
    amount: row.amount,
    currency: row.currency,
    pendingAmount: row.pendingAmount,
    effectiveAt: row.effectiveAt?.toISOString() ?? null,
    removesAt: row.removesAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const TYPE_ORDER = { purchase: 0, loss: 1, wager: 2, 'session-time': 3 } as const;
const PERIOD_ORDER = { day: 0, week: 1, month: 2 } as const;

type Sortable = Pick<PlayerLimit, 'type' | 'period'>;

/** Purchase, loss, wager, session-time; within each, day, week, month. */
export function byTypeAndPeriod(a: Sortable, b: Sortable) {
  return TYPE_ORDER[a.type] - TYPE_ORDER[b.type] || PERIOD_ORDER[a.period] - PERIOD_ORDER[b.period];
}
