import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { PlayerStatus } from '@coinfall/shared';
import { assertNotExcluded } from '../../platform/auth.ts';
import { isExcluded } from '../../platform/auth.fns.ts';
import { AppError } from '../../platform/errors.ts';
import type { SessionChanges } from '../../platform/sessions/session-changes.ts';
import type { GameSessionRepo, GameSessionRow } from './game-session.repo.ts';
import { assertMayPlay } from './play-rules.fns.ts';
import { gameSessionTokenOf, sha256Hex } from './rgs.fns.ts';

declare module 'fastify' {
  interface FastifyRequest {
    gameSession: GameSessionRow | null;
  }
}

type FoundSession = NonNullable<Awaited<ReturnType<GameSessionRepo['findSessionByTokenHash']>>>;

/**
 * onRequest hook of the game client's routes: `Authorization: GameSession <token>` of a known
 * session whose player is neither blocked nor removed. An expired session still passes (its
 * open round may finish); the calls that start something refuse it themselves.
 *
 * What a token hash finds is kept for `ttlMs` (as the auth guard does, decision 009): a game
 * session row never changes, and its player's standing is dropped from here the moment a
 * session change naming the player is published. Every call that moves money or opens the
 * game re-reads the player's standing under its row lock anyway (`assertMayPlay`). While the
 * session-changes bus may be missing changes (decision 021) nothing is kept.
 */
export function createGameSessionGuard(deps: {
  repo: Pick<GameSessionRepo, 'findSessionByTokenHash'>;
  changes?: Pick<SessionChanges, 'subscribe'>;
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
}): onRequestAsyncHookHandler {
  const ttlMs = deps.ttlMs ?? 30_000;
  const maxEntries = deps.maxEntries ?? 10_000;
  const now = deps.now ?? Date.now;
  const entries = new Map<string, { found: FoundSession; at: number }>();
  /**
   * Sequence of the latest change per player and per player session, so a lookup racing a
   * change is not kept.
   */
  const changed = new Map<string, number>();
  let sequence = 0;
  let clearedAt = 0;
  let trusted = true;
  deps.changes?.subscribe((change) => {
    sequence += 1;
    if (change.delivery) {
      trusted = change.delivery === 'restored';
      changed.clear();
      entries.clear();
      clearedAt = sequence;
      return;
    }
    const players = new Set(change.playerIds ?? []);
    const playerSessions = new Set(change.sessionIds ?? []);
    for (const id of players) changed.set(id, sequence);
    for (const id of playerSessions) changed.set(id, sequence);
    for (const [hash, entry] of entries) {
      const { playerId, playerSessionId } = entry.found.session;
      if (players.has(playerId) || (playerSessionId && playerSessions.has(playerSessionId))) {
        entries.delete(hash);
      }
    }
    if (changed.size > maxEntries) {
      changed.clear();
      entries.clear();
      clearedAt = sequence;
    }
  });

  async function lookUp(tokenHash: string): Promise<FoundSession | undefined> {
    const hit = entries.get(tokenHash);
    if (hit && now() - hit.at < ttlMs) return hit.found;
    if (hit) entries.delete(tokenHash);
    const startedAt = sequence;
    const found = await deps.repo.findSessionByTokenHash(tokenHash);
    const changedSince = (id: string | null) => id !== null && (changed.get(id) ?? 0) > startedAt;
    const raced =
      clearedAt > startedAt ||
      (found &&
        (changedSince(found.session.playerId) || changedSince(found.session.playerSessionId)));
    // Only a standing that lets the player in is kept: a refusal is cheap to look up again.
    if (
      trusted &&
      found &&
      !raced &&
      !found.playerRemovedAt &&
      found.playerStatus !== PlayerStatus.Blocked &&
      found.playerSessionEndedAt === null &&
      !isExcluded(found.playerExcludedUntil, now())
    ) {
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(tokenHash, { found, at: now() });
    }
    return found;
  }

  return async (request) => {
    const token = gameSessionTokenOf(request.headers.authorization);
    if (!token) throw new AppError('UNAUTHENTICATED', 'A game-session token is required');
    const found = await lookUp(sha256Hex(token));
    if (!found) throw new AppError('UNAUTHENTICATED', 'The game-session token is not valid');
    // A break or exclusion ended the player session: say so rather than "not valid".
    assertNotExcluded(found.playerExcludedUntil, now());
    if (found.playerSessionEndedAt !== null) {
      throw new AppError('UNAUTHENTICATED', 'The game-session token is not valid');
    }
    assertMayPlay(
      {
        id: found.session.playerId,
        status: found.playerStatus,
        removedAt: found.playerRemovedAt,
        excludedUntil: found.playerExcludedUntil,
        nickname: null,
        country: null,
      },
      now(),
    );
    request.gameSession = found.session;
  };
}

/** The session of a guarded route; a route without the guard that calls this is a bug. */
export function gameSessionOf(request: FastifyRequest): GameSessionRow {
  if (!request.gameSession)
    throw new AppError('UNAUTHENTICATED', 'A game-session token is required');
  return request.gameSession;
}
