import type {
  ProtectionItem,
  ProtectionStanding,
  SelfExcludeBody,
  TakeBreakBody,
} from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../platform/auth.ts';
import { exclusionDetails, isExcluded } from '../../platform/auth.fns.ts';
import { AppError } from '../../platform/errors.ts';
import type { SessionChanges } from '../../platform/sessions/session-changes.ts';
import {
  breakOf,
  earliestLiftOf,
  effectiveEnd,
  exclusionOf,
  excludedUntilAfter,
  isInForce,
  liftRefusal,
  toProtectionItem,
  withLiftAsked,
  type ProtectionState,
} from './protection.fns.ts';
import type { ProtectionRepo, ProtectionRow } from './protection.repo.ts';

export interface ProtectionLog {
  error(obj: object, msg: string): void;
}

/**
 * Breaks and self-exclusions (issue 16, decision 030). Taking one, under the player's lock:
 * the row, the player's `excluded_until` (never moved earlier), every session ended — then, once
 * committed, every node told (tokens, sockets and game sessions die) and every open round
 * refunded by the rollback rule. Nothing here shortens one; an indefinite exclusion may only be
 * asked to lift after 6 months, and then ends 7 days later.
 */
export function createProtectionService(deps: {
  repo: ProtectionRepo;
  /** Ends every live session of the player, in the caller's transaction. */
  endSessions: (tx: Database, playerId: string, at: Date) => Promise<unknown>;
  sessionChanges: Pick<SessionChanges, 'publish'>;
  /** Refunds the player's open rounds (each game's rule: decision 030). */
  rollbackOpenRounds: (playerId: string, reason: string) => Promise<unknown>;
  log: ProtectionLog;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const { repo } = deps;

  function standingOf(rows: ProtectionRow[], at: Date, excludedUntil: Date | null) {
    const active = rows.find((row) => isInForce(row, at)) ?? null;
    return {
      active: active ? toProtectionItem(active) : null,
      excludedUntil:
        excludedUntil && isExcluded(excludedUntil, at.getTime())
          ? exclusionDetails(excludedUntil).endsAt
          : null,
      history: rows.map(toProtectionItem),
    } satisfies ProtectionStanding;
  }

  async function standing(playerId: string): Promise<ProtectionStanding> {
    return repo.db.transaction(async (tx) => {
      const player = await repo.lockPlayer(tx, playerId);
      if (!player) throw AppError.notFound('Player');
      return standingOf(await repo.listByPlayer(tx, playerId), now(), player.excludedUntil);
    });
  }

  async function take(actor: Actor, next: ProtectionState): Promise<ProtectionStanding> {
    const { playerId } = actor;
    const result = await repo.db.transaction(async (tx) => {
      const player = await repo.lockPlayer(tx, playerId);
      if (!player || player.removedAt) {
        throw new AppError('UNAUTHENTICATED', 'The session token is not valid');
      }
      await repo.insert(tx, playerId, next);
      const until = excludedUntilAfter(player.excludedUntil, next);
      await repo.setExcludedUntil(tx, playerId, until, next.startsAt);
      await repo.stopPromotions(tx, playerId, next.startsAt);
      await deps.endSessions(tx, playerId, next.startsAt);
      return standingOf(await repo.listByPlayer(tx, playerId), next.startsAt, until);
    });
    await deps.sessionChanges.publish({ playerIds: [playerId] });
    // After the commit: the doors are shut already, so a refund that fails leaves a round the
    // player cannot touch; the operator's rollback can finish it.
    await deps
      .rollbackOpenRounds(playerId, `${next.kind} taken by the player`)
      .catch((err: unknown) => {
        deps.log.error({ err, playerId }, 'open rounds not refunded after a break or exclusion');
      });
    return result;
  }

  return {
    /** GET /api/player/protection: the caller's (only reachable before one is taken). */
    get: (actor: Actor) => standing(actor.playerId),

    takeBreak: (actor: Actor, body: TakeBreakBody) => take(actor, breakOf(body.days, now())),

    selfExclude: (actor: Actor, body: SelfExcludeBody) =>
      take(actor, exclusionOf(body.period, now())),

    /**
     * The operator's ask to lift an indefinite exclusion, at the player's written request (the
     * player cannot log in to ask): refused before 6 months; the doors open 7 days later.
     * `within` runs in the same transaction once the lift is written (the back office's audit
     * row), so a lift is never without its record.
     */
    async askLift(
      playerId: string,
      protectionId: string,
      within?: (
        tx: Database,
        change: { before: ProtectionItem; after: ProtectionItem },
      ) => Promise<void>,
    ): Promise<ProtectionStanding> {
      return repo.db.transaction(async (tx) => {
        const player = await repo.lockPlayer(tx, playerId);
        if (!player) throw AppError.notFound('Player');
        const rows = await repo.listByPlayer(tx, playerId);
        const target = rows.find((row) => row.id === protectionId);
        if (!target) throw AppError.notFound('Protection');
        const at = now();
        const refusal = liftRefusal(target, at);
        if (refusal === 'too-early') {
          throw new AppError(
            'CONFLICT',
            `An indefinite exclusion can be lifted from ${earliestLiftOf(target).toISOString()}`,
            { earliestLiftAt: earliestLiftOf(target).toISOString() },
          );
        }
        if (refusal !== null) {
          throw new AppError('CONFLICT', `This protection cannot be lifted (${refusal})`);
        }
        const lifted = withLiftAsked(target, at);
        await repo.markLiftAsked(tx, playerId, target.id, {
          liftRequestedAt: at,
          liftsAt: effectiveEnd(lifted),
        });
        // Whatever else stands keeps its end: the latest end over every protection.
        const others = rows.filter((row) => row.id !== target.id);
        const until = [lifted, ...others]
          .map(effectiveEnd)
          .reduce((a, b) => (a.getTime() >= b.getTime() ? a : b));
        await repo.setExcludedUntil(tx, playerId, until, at);
        await within?.(tx, { before: toProtectionItem(target), after: toProtectionItem(lifted) });
        return standingOf(await repo.listByPlayer(tx, playerId), at, until);
      });
    },

    /** The back office's view of a player's protections (read only: none can be shortened). */
    ofPlayer: (playerId: string) => standing(playerId),
  };
}
export type ProtectionService = ReturnType<typeof createProtectionService>;
