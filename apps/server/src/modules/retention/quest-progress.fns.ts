import type { QuestTaskKind, QuestTaskRule } from '@coinfall/shared';

/**
 * What one domain event tells the quest engine, reduced to the facts task kinds count. The
 * service turns each outbox event into at most one occurrence (quest-events.fns.ts).
 */
export type Occurrence =
  | {
      kind: 'round';
      gameIdentity: string;
      /** The collections the game is in (read only when a task names one). */
      collections: readonly string[];
      currency: string;
      bet: number;
      payout: number;
    }
  | { kind: 'purchase' }
  /** `day`: the UTC date (YYYY-MM-DD) of the sign-in. */
  | { kind: 'login'; day: string }
  | { kind: 'verified'; what: 'email' | 'phone' | 'identity' }
  | { kind: 'profile-completed' };

/** A task's progress: a count or sum, and for distinct-count kinds the keys counted. */
export interface TaskProgress {
  progress: number;
  seen: readonly string[];
}

const VERIFY_KIND: Record<'email' | 'phone' | 'identity', QuestTaskKind> = {
  email: 'verify-email',
  phone: 'verify-phone',
  identity: 'verify-identity',
};

/** Does a round count for the task's currency and game filters? */
function roundMatches(rule: QuestTaskRule, o: Extract<Occurrence, { kind: 'round' }>): boolean {
  if (rule.currency !== null && rule.currency !== o.currency) return false;
  if (rule.gameIdentities !== null && !rule.gameIdentities.includes(o.gameIdentity)) return false;
  if (rule.collection !== null && !o.collections.includes(rule.collection)) return false;
  return true;
}

/**
 * What the occurrence adds to a task of this rule: an amount to sum, a key to count once, or
 * nothing. Every kind is a sum or a distinct count, so the result does not depend on the order
 * events arrive in (the property the tests check).
 */
export function contribution(
  rule: QuestTaskRule,
  o: Occurrence,
): { add: number } | { key: string } | null {
  switch (rule.kind) {
    case 'play-rounds':
      return o.kind === 'round' && roundMatches(rule, o) ? { add: 1 } : null;
    case 'wager':
      return o.kind === 'round' && roundMatches(rule, o) && o.bet > 0 ? { add: o.bet } : null;
    case 'win': {
      // A win is what came back above the stake (decision 023).
      if (o.kind !== 'round' || !roundMatches(rule, o)) return null;
      const won = o.payout - o.bet;
      return won > 0 ? { add: won } : null;
    }
    case 'win-multiplier': {
      if (o.kind !== 'round' || !roundMatches(rule, o) || o.bet <= 0) return null;
      const least = rule.minMultiplier ?? 100;
      // payout / bet ≥ least / 100, in integers.
      return o.payout * 100 >= least * o.bet && o.payout > o.bet ? { add: 1 } : null;
    }
    case 'play-distinct-games':
      return o.kind === 'round' && roundMatches(rule, o) ? { key: o.gameIdentity } : null;
    case 'purchase':
      return o.kind === 'purchase' ? { add: 1 } : null;
    case 'login-days':
      return o.kind === 'login' ? { key: o.day } : null;
    case 'verify-email':
    case 'verify-phone':
    case 'verify-identity':
      return o.kind === 'verified' && VERIFY_KIND[o.what] === rule.kind ? { add: 1 } : null;
    case 'complete-profile':
      return o.kind === 'profile-completed' ? { add: 1 } : null;
  }
}

/**
 * The task's progress after the occurrence, capped at the target; null when it does not move
 * (so nothing is written or pushed). Distinct keys stop being kept once the target is reached.
 */
export function advanceTask(
  rule: QuestTaskRule,
  current: TaskProgress,
  o: Occurrence,
): TaskProgress | null {
  if (current.progress >= rule.target) return null;
  const c = contribution(rule, o);
  if (!c) return null;
  if ('add' in c) {
    return { progress: Math.min(rule.target, current.progress + c.add), seen: current.seen };
  }
  if (current.seen.includes(c.key)) return null;
  const seen = [...current.seen, c.key];
  return { progress: Math.min(rule.target, seen.length), seen };
}

export const isTaskDone = (t: { progress: number; target: number }): boolean =>
  t.progress >= t.target;

/** Does a round task need the game's collections (the one fact that costs a read)? */
export const needsCollections = (rules: readonly QuestTaskRule[]): boolean =>
  rules.some((r) => r.collection !== null);

/** The UTC day of an instant, YYYY-MM-DD: login-days counts these. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);
