import type { AuthSessionRow } from '../auth.ts';
import type { SessionChange } from './session-changes.ts';

/** What a cached session row must say: whether it ended, and its last use. */
export interface CachedSessionRow {
  endedAt: Date | null;
  lastSeenAt: Date;
}

/** Who owns a cached row, and the owners a change names (every session of theirs changed). */
export interface SessionOwners<Row> {
  ownerOf: (row: Row) => string;
  ownersIn: (change: SessionChange) => readonly string[];
}

/** A player's sessions: owned by the player, changed by a change naming them. */
export const PLAYER_SESSION_OWNERS: SessionOwners<AuthSessionRow> = {
  ownerOf: (row) => row.playerId,
  ownersIn: (change) => change.playerIds ?? [],
};

/**
 * What an auth guard knows about a session, kept for a short while so an authenticated read
 * costs no session query: a player's or a staff member's, as `owners` says. Correct
 * "at once" because every change to a session or its owner is published (SessionChanges) and
 * drops the entry here; a load that raced with a change is not kept (the change's sequence number
 * is newer than the load's). While the bus says it may miss changes (its Redis link is down,
 * decision 021) nothing is kept: every lookup reads the database.
 */
export function createSessionAuthCache<Row extends CachedSessionRow>(options: {
  ttlMs: number;
  maxEntries: number;
  owners: SessionOwners<Row>;
  now?: () => number;
}) {
  const now = options.now ?? Date.now;
  const { ownerOf, ownersIn } = options.owners;
  const entries = new Map<string, { row: Row; at: number }>();
  /** Sequence numbers of the latest change per session and per owner. */
  const changedSession = new Map<string, number>();
  const changedOwner = new Map<string, number>();
  let sequence = 0;
  /** When the markers were last dropped: loads started before it are not kept either. */
  let markersClearedAt = 0;
  /** False while the session-changes bus may be missing changes made on other nodes. */
  let trusted = true;

  const changedSince = (sessionId: string, owner: string, since: number) =>
    markersClearedAt > since ||
    (changedSession.get(sessionId) ?? 0) > since ||
    (changedOwner.get(owner) ?? 0) > since;

  function remember(sessionId: string, row: Row) {
    // Map keeps insertion order: the first key is the oldest entry.
    if (entries.size >= options.maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
    entries.set(sessionId, { row, at: now() });
  }

  return {
    /**
     * The cached row, or the loader's. `isStale` refuses a cached copy the caller knows to be
     * behind (a token of a generation the copy has not seen: a lost change message).
     */
    async load(
      sessionId: string,
      loader: (sessionId: string) => Promise<Row | undefined>,
      isStale?: (row: Row) => boolean,
    ): Promise<Row | undefined> {
      const hit = entries.get(sessionId);
      if (hit && now() - hit.at < options.ttlMs && !isStale?.(hit.row)) return hit.row;
      if (hit) entries.delete(sessionId);
      const startedAt = sequence;
      const row = await loader(sessionId);
      // Only live sessions are kept: an ended one is refused anyway and cheap to look up again.
      if (trusted && row && !row.endedAt && !changedSince(sessionId, ownerOf(row), startedAt)) {
        remember(sessionId, row);
      }
      return row;
    },

    /** The guard wrote a newer last-seen time: keep the cached copy in step. */
    touched(sessionId: string, lastSeenAt: Date): void {
      const hit = entries.get(sessionId);
      if (hit) hit.row = { ...hit.row, lastSeenAt };
    },

    forget(change: SessionChange): void {
      sequence += 1;
      if (change.delivery) {
        // Any session may have changed unheard: drop everything, loads in flight included.
        trusted = change.delivery === 'restored';
        entries.clear();
        changedSession.clear();
        changedOwner.clear();
        markersClearedAt = sequence;
        return;
      }
      for (const id of change.sessionIds ?? []) {
        changedSession.set(id, sequence);
        entries.delete(id);
      }
      const owners = new Set(ownersIn(change));
      for (const id of owners) changedOwner.set(id, sequence);
      if (owners.size > 0) {
        for (const [id, entry] of entries) if (owners.has(ownerOf(entry.row))) entries.delete(id);
      }
      // The markers only matter to loads in flight; old ones are dropped to bound memory.
      if (changedSession.size + changedOwner.size > options.maxEntries) {
        changedSession.clear();
        changedOwner.clear();
        entries.clear();
        markersClearedAt = sequence;
      }
    },

    get size() {
      return entries.size;
    },
  };
}
export type SessionAuthCache<Row extends CachedSessionRow> = ReturnType<
  typeof createSessionAuthCache<Row>
>;
