import type { AuthSessionRow } from '../auth.ts';
import type { SessionChange } from './session-changes.ts';

/**
 * What the auth guard knows about a session, kept for a short while so an authenticated read
 * costs no session query. Correct "at once" because every change to a session or its player is
 * published (SessionChanges) and drops the entry here; a load that raced with a change is not
 * kept (the change's sequence number is newer than the load's). While the bus says it may miss
 * changes (its Redis link is down, decision 021) nothing is kept: every lookup reads the database.
 */
export function createSessionAuthCache(options: {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { row: AuthSessionRow; at: number }>();
  /** Sequence numbers of the latest change per session and per player. */
  const changedSession = new Map<string, number>();
  const changedPlayer = new Map<string, number>();
  let sequence = 0;
  /** When the markers were last dropped: loads started before it are not kept either. */
  let markersClearedAt = 0;
  /** False while the session-changes bus may be missing changes made on other nodes. */
  let trusted = true;

  const changedSince = (sessionId: string, playerId: string, since: number) =>
    markersClearedAt > since ||
    (changedSession.get(sessionId) ?? 0) > since ||
    (changedPlayer.get(playerId) ?? 0) > since;

  function remember(sessionId: string, row: AuthSessionRow) {
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
      loader: (sessionId: string) => Promise<AuthSessionRow | undefined>,
      isStale?: (row: AuthSessionRow) => boolean,
    ): Promise<AuthSessionRow | undefined> {
      const hit = entries.get(sessionId);
      if (hit && now() - hit.at < options.ttlMs && !isStale?.(hit.row)) return hit.row;
      if (hit) entries.delete(sessionId);
      const startedAt = sequence;
      const row = await loader(sessionId);
      // Only live sessions are kept: an ended one is refused anyway and cheap to look up again.
      if (trusted && row && !row.endedAt && !changedSince(sessionId, row.playerId, startedAt)) {
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
        changedPlayer.clear();
        markersClearedAt = sequence;
        return;
      }
      for (const id of change.sessionIds ?? []) {
        changedSession.set(id, sequence);
        entries.delete(id);
      }
      const players = new Set(change.playerIds ?? []);
      for (const id of players) changedPlayer.set(id, sequence);
      if (players.size > 0) {
        for (const [id, entry] of entries) if (players.has(entry.row.playerId)) entries.delete(id);
      }
      // The markers only matter to loads in flight; old ones are dropped to bound memory.
      if (changedSession.size + changedPlayer.size > options.maxEntries) {
        changedSession.clear();
        changedPlayer.clear();
        entries.clear();
        markersClearedAt = sequence;
      }
    },

    get size() {
      return entries.size;
    },
  };
}
export type SessionAuthCache = ReturnType<typeof createSessionAuthCache>;
