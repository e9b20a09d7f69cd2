import {
  breakEnd,
  exclusionEnd,
  EXCLUSION_LIFT_COOLING_DAYS,
  indefiniteLiftFrom,
  type BreakDays,
  type ExclusionPeriod,
  type ProtectionItem,
  type ProtectionKind,
} from '@coinfall/shared';
import { INDEFINITE_EXCLUSION_UNTIL } from '../../platform/auth.fns.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The stored part of a protection the rules act on. */
export interface ProtectionState {
  kind: ProtectionKind;
  duration: string;
  startsAt: Date;
  endsAt: Date | null;
  liftRequestedAt: Date | null;
  liftsAt: Date | null;
}

/** A break of `days` taken at `at`. */
export function breakOf(days: BreakDays, at: Date): ProtectionState {
  return {
    kind: 'break',
    duration: `${days}d`,
    startsAt: at,
    endsAt: breakEnd(days, at),
    liftRequestedAt: null,
    liftsAt: null,
  };
}

/** A self-exclusion for `period` taken at `at`; an indefinite one has no end. */
export function exclusionOf(period: ExclusionPeriod, at: Date): ProtectionState {
  return {
    kind: 'exclusion',
    duration: period,
    startsAt: at,
    endsAt: exclusionEnd(period, at),
    liftRequestedAt: null,
    liftsAt: null,
  };
}

/** When the protection stops shutting the doors (the sentinel while indefinite and unlifted). */
export function effectiveEnd(p: Pick<ProtectionState, 'endsAt' | 'liftsAt'>): Date {
  return p.liftsAt ?? p.endsAt ?? INDEFINITE_EXCLUSION_UNTIL;
}

/** Whether the protection shuts the doors at `at`. */
export function isInForce(p: ProtectionState, at: Date): boolean {
  return p.startsAt.getTime() <= at.getTime() && effectiveEnd(p).getTime() > at.getTime();
}

/**
 * The player's new `excluded_until` once `next` is taken: never earlier than what stands, so
 * nothing — a shorter break over a long exclusion included — shortens a protection in force.
 */
export function excludedUntilAfter(current: Date | null, next: ProtectionState): Date {
  const end = effectiveEnd(next);
  return current && current.getTime() > end.getTime() ? current : end;
}

/** Why an indefinite exclusion cannot be asked to lift at `at`, or null when it can. */
export function liftRefusal(
  p: ProtectionState,
  at: Date,
): 'not-indefinite' | 'already-asked' | 'too-early' | null {
  if (p.kind !== 'exclusion' || p.duration !== 'indefinite') return 'not-indefinite';
  if (p.liftRequestedAt) return 'already-asked';
  return at.getTime() < indefiniteLiftFrom(p.startsAt).getTime() ? 'too-early' : null;
}

/** The indefinite exclusion with its lift asked for at `at`: it ends after the cooling period. */
export function withLiftAsked<T extends ProtectionState>(p: T, at: Date): T {
  return {
    ...p,
    liftRequestedAt: at,
    liftsAt: new Date(at.getTime() + EXCLUSION_LIFT_COOLING_DAYS * DAY_MS),
  };
}

/** The earliest time an indefinite exclusion's lift may be asked for. */
export const earliestLiftOf = (p: Pick<ProtectionState, 'startsAt'>): Date =>
  indefiniteLiftFrom(p.startsAt);

export function toProtectionItem(row: ProtectionState & { id: string }): ProtectionItem {
  return {
    protectionId: row.id,
    kind: row.kind,
    duration: row.duration,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt?.toISOString() ?? null,
    liftRequestedAt: row.liftRequestedAt?.toISOString() ?? null,
    liftsAt: row.liftsAt?.toISOString() ?? null,
  };
}

/**
 * The segments an offer may target the player by: none while a break or self-exclusion stands
 * (decision 030, "do not market"), their own again once it ends — derived, so nothing to reset.
 */
export function marketingSegmentIds(
  facts: { segmentIds: readonly number[]; excludedUntil: Date | null },
  now: Date,
): readonly number[] {
  return facts.excludedUntil && facts.excludedUntil.getTime() > now.getTime()
    ? []
    : facts.segmentIds;
}
