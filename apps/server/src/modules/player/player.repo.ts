import { and, asc, count, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import { anyOf } from '../../db/prepared.ts';
import type { Device, GeoLocation } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { playerSessions, players } from '../../db/schema/index.ts';

export type PlayerRow = typeof players.$inferSelect;
export type PlayerSessionRow = typeof playerSessions.$inferSelect;
type PlayerInsert = typeof players.$inferInsert;

/** What the player edits on the profile. */
type ProfileColumns = Pick<
  PlayerInsert,
  | 'firstName'
  | 'lastName'
  | 'nickname'
  | 'phone'
  | 'address'
  | 'city'
  | 'region'
  | 'country'
  | 'postalCode'
  | 'birthdate'
  | 'agreedTc'
  | 'receiveEmailPromo'
  | 'profileUpdatedAt'
>;
/** What only the platform changes: credentials, confirmations, removal. */
type AccountColumn = 'passwordHash' | 'emailConfirmedAt' | 'email' | 'phoneConfirmed' | 'removedAt';

/** The only place that touches the players and player_sessions tables. */
/**
 * Serialises changes of one player's rows (a lock on the player row until commit). NO KEY UPDATE,
 * not UPDATE: rows that reference the player (ledger transactions, invoices) take KEY SHARE on it
 * in their foreign-key checks, and a posting that has locked an account must not then wait for a
 * transaction queued here on that account — that was a deadlock.
 */
export async function lockPlayerRow(tx: Database, playerId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: players.id })
    .from(players)
    .where(eq(players.id, playerId))
    .for('no key update');
  return rows.length > 0;
}

/**
 * `lockPlayerRow` for several players in one statement, in id order (so two multi-player lockers
 * never wait on each other in a cycle; a one-player locker cannot be in one). Answers the ids
 * that exist.
 */
export async function lockPlayerRows(tx: Database, playerIds: string[]): Promise<Set<string>> {
  if (playerIds.length === 0) return new Set();
  const rows = await tx
    .select({ id: players.id })
    .from(players)
    .where(anyOf(players.id, playerIds, 'uuid'))
    .orderBy(asc(players.id))
    .for('no key update');
  return new Set(rows.map((r) => r.id));
}

/** The player with the id of the session opened at registration (their earliest). */
function playerWithFirstSessionQuery(db: Database) {
  const firstSession = db
    .select({ id: playerSessions.id })
    .from(playerSessions)
    .where(eq(playerSessions.playerId, players.id))
    .orderBy(asc(playerSessions.createdAt), asc(playerSessions.id))
    .limit(1);
  return db
    .select({ player: players, firstSessionId: sql<string | null>`(${firstSession})` })
    .from(players)
    .where(eq(players.id, sql.placeholder('id')))
    .limit(1);
}

export function createPlayerRepo(db: Database) {
  // The profile read is the hottest authenticated call: its SQL is built once.
  const playerWithFirstSession = playerWithFirstSessionQuery(db).prepare(
    'player_with_first_session',
  );
  return {
    /** Locks the player's row until commit (see lockPlayerRow); false when there is none. */
    lockPlayer: lockPlayerRow,

    /** Inserts a player; undefined when the (lowercased) email is already taken. */
    async insertPlayer(
      tx: Database,
      values: {
        email: string;
        passwordHash: string;
        nickname: string | null;
        agreedTc: boolean;
        receiveEmailPromo: boolean;
        emailConfirmedAt?: Date | null;
      },
    ): Promise<PlayerRow | undefined> {
      const [row] = await tx
        .insert(players)
        .values(values)
        .onConflictDoNothing({ target: players.email })
        .returning();
      return row;
    },

    async findPlayerByEmail(email: string, tx: Database = db): Promise<PlayerRow | undefined> {
      const [row] = await tx.select().from(players).where(eq(players.email, email)).limit(1);
      return row;
    },

    async findPlayerById(id: string, tx: Database = db): Promise<PlayerRow | undefined> {
      const [row] = await tx.select().from(players).where(eq(players.id, id)).limit(1);
      return row;
    },

    async insertSession(
      tx: Database,
      values: {
        playerId: string;
        device: Device;
        ip: string | null;
        location: GeoLocation | null;
        ipCountry?: string | null;
      },
    ): Promise<PlayerSessionRow> {
      const [row] = await tx.insert(playerSessions).values(values).returning();
      if (!row) throw new Error('insert into player_sessions returned no row');
      return row;
    },

    /** The session with its player's status: what the auth guard checks on every call. */
    async findSessionForAuth(sessionId: string, tx: Database = db) {
      const [row] = await tx
        .select({
          playerId: playerSessions.playerId,
          endedAt: playerSessions.endedAt,
          tokenVersion: playerSessions.tokenVersion,
          tokenRotatedAt: playerSessions.tokenRotatedAt,
          lastSeenAt: playerSessions.lastSeenAt,
          playerStatus: players.status,
          playerRemovedAt: players.removedAt,
          playerExcludedUntil: players.excludedUntil,
        })
        .from(playerSessions)
        .innerJoin(players, eq(players.id, playerSessions.playerId))
        .where(eq(playerSessions.id, sessionId))
        .limit(1);
      return row;
    },

    async findOwnSession(
      playerId: string,
      sessionId: string,
      tx: Database = db,
    ): Promise<PlayerSessionRow | undefined> {
      const [row] = await tx
        .select()
        .from(playerSessions)
        .where(and(eq(playerSessions.id, sessionId), eq(playerSessions.playerId, playerId)))
        .limit(1);
      return row;
    },

    /** The player and the id of their first session, in one query. */
    async findPlayerWithFirstSession(
      id: string,
      tx?: Database,
    ): Promise<{ player: PlayerRow; firstSessionId: string | null } | undefined> {
      const [row] = tx
        ? await playerWithFirstSessionQuery(tx).execute({ id })
        : await playerWithFirstSession.execute({ id });
      return row;
    },

    async touchSession(
      sessionId: string,
      values: {
        lastSeenAt: Date;
        device?: Device;
        location?: GeoLocation;
        ip?: string | null;
        ipCountry?: string;
      },
      tx: Database = db,
    ): Promise<void> {
      await tx.update(playerSessions).set(values).where(eq(playerSessions.id, sessionId));
    },

    /**
     * Bumps a live session's token generation from `fromGeneration` (and records where the
     * refresh came from); undefined when the session ended or another refresh bumped it first.
     */
    async rotateTokenGeneration(
      sessionId: string,
      fromGeneration: number,
      values: {
        at: Date;
        device?: Device;
        location?: GeoLocation;
        ip?: string | null;
        ipCountry?: string;
      },
      tx: Database = db,
    ): Promise<{ tokenVersion: number } | undefined> {
      const { at, ...origin } = values;
      const [row] = await tx
        .update(playerSessions)
        .set({
          ...origin,
          tokenVersion: sql`${playerSessions.tokenVersion} + 1`,
          tokenRotatedAt: at,
          lastSeenAt: at,
        })
        .where(
          and(
            eq(playerSessions.id, sessionId),
            eq(playerSessions.tokenVersion, fromGeneration),
            isNull(playerSessions.endedAt),
          ),
        )
        .returning({ tokenVersion: playerSessions.tokenVersion });
      return row;
    },

    /** Ends a live session of this player; false when there is none by that id. */
    async endSession(playerId: string, sessionId: string, at: Date, tx: Database = db) {
      const ended = await tx
        .update(playerSessions)
        .set({ endedAt: at })
        .where(
          and(
            eq(playerSessions.id, sessionId),
            eq(playerSessions.playerId, playerId),
            isNull(playerSessions.endedAt),
          ),
        )
        .returning({ id: playerSessions.id });
      return ended.length > 0;
    },

    /** Live sessions of one player, newest first. */
    async listLiveSessions(
      playerId: string,
      page: { limit: number; offset: number },
      tx: Database = db,
    ): Promise<{ rows: PlayerSessionRow[]; total: number }> {
      const live = and(eq(playerSessions.playerId, playerId), isNull(playerSessions.endedAt));
      const rows = await tx
        .select()
        .from(playerSessions)
        .where(live)
        .orderBy(desc(playerSessions.createdAt), desc(playerSessions.id))
        .limit(page.limit)
        .offset(page.offset);
      const [totals] = await tx.select({ total: count() }).from(playerSessions).where(live);
      return { rows, total: totals?.total ?? 0 };
    },

    /** Writes the given profile columns (and updated_at); undefined when the player is gone. */
    async updatePlayer(
      playerId: string,
      values: Partial<ProfileColumns & Pick<PlayerInsert, AccountColumn>> & { updatedAt: Date },
      tx: Database = db,
    ): Promise<PlayerRow | undefined> {
      const [row] = await tx
        .update(players)
        .set(values)
        .where(eq(players.id, playerId))
        .returning();
      return row;
    },

    /**
     * Writes profile columns like updatePlayer; a phone that differs from the stored one is no
     * longer confirmed. One statement (SET reads the old row), so no verification slips between.
     */
    async updateProfile(
      playerId: string,
      values: Partial<ProfileColumns> & { updatedAt: Date },
      tx: Database = db,
    ): Promise<PlayerRow | undefined> {
      const phoneConfirmed =
        values.phone === undefined
          ? undefined
          : sql<boolean>`${players.phoneConfirmed} and ${players.phone} is not distinct from ${values.phone}`;
      const [row] = await tx
        .update(players)
        .set(phoneConfirmed ? { ...values, phoneConfirmed } : values)
        .where(eq(players.id, playerId))
        .returning();
      return row;
    },

    /**
     * Whether another account has confirmed this number (stored form). Inside a transaction that
     * confirms one, call `lockPhone` first: two players confirming the same number then queue.
     */
    async phoneConfirmedElsewhere(
      phone: string,
      playerId: string,
      tx: Database = db,
    ): Promise<boolean> {
      const [row] = await tx
        .select({ id: players.id })
        .from(players)
        .where(
          and(eq(players.phone, phone), eq(players.phoneConfirmed, true), ne(players.id, playerId)),
        )
        .limit(1);
      return row !== undefined;
    },

    /** Serialises, until the transaction ends, the confirmations of one number. */
    async lockPhone(tx: Database, phone: string): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`phone:${phone}`}))`);
    },

    /** Sets the phone to a number just verified by SMS code, confirmed. */
    async confirmPhone(
      tx: Database,
      playerId: string,
      phone: string,
      at: Date,
    ): Promise<PlayerRow | undefined> {
      const [row] = await tx
        .update(players)
        .set({ phone, phoneConfirmed: true, updatedAt: at })
        .where(eq(players.id, playerId))
        .returning();
      return row;
    },

    /** Records a passed identity check (kyc_verified never goes back by itself). */
    async markKycVerified(tx: Database, playerId: string, at: Date): Promise<void> {
      await tx
        .update(players)
        .set({ kycVerified: true, updatedAt: at })
        .where(eq(players.id, playerId));
    },

    /** Sets the account's status (back office block / unblock); undefined when the player is gone. */
    /** The status, and while Blocked the one the block replaced (decision 070). */
    async setStatus(
      playerId: string,
      change: { status: number; statusBeforeBlock: number | null },
      at: Date,
      tx: Database = db,
    ): Promise<PlayerRow | undefined> {
      const [row] = await tx
        .update(players)
        .set({ ...change, updatedAt: at })
        .where(eq(players.id, playerId))
        .returning();
      return row;
    },

    /** Ends every live session of the player except `keepSessionId` (all when it is null). */
    async endSessionsExcept(
      playerId: string,
      keepSessionId: string | null,
      at: Date,
      tx: Database = db,
    ): Promise<number> {
      const live = and(eq(playerSessions.playerId, playerId), isNull(playerSessions.endedAt));
      const ended = await tx
        .update(playerSessions)
        .set({ endedAt: at })
        .where(keepSessionId ? and(live, ne(playerSessions.id, keepSessionId)) : live)
        .returning({ id: playerSessions.id });
      return ended.length;
    },
  };
}
export type PlayerRepo = ReturnType<typeof createPlayerRepo>;
