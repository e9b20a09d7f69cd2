import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { playerIdentities, socialLoginAttempts } from '../../db/schema/index.ts';

export type PlayerIdentityRow = typeof playerIdentities.$inferSelect;
export type SocialLoginAttemptRow = typeof socialLoginAttempts.$inferSelect;

/** The only place that touches player_identities and social_login_attempts. */
export function createSocialRepo(db: Database) {
  return {
    async insertAttempt(
      values: Omit<typeof socialLoginAttempts.$inferInsert, 'usedAt' | 'createdAt'>,
      tx: Database = db,
    ): Promise<void> {
      await tx.insert(socialLoginAttempts).values(values);
    },

    /**
     * Spends a live attempt of this connection in one statement, so a replayed or concurrent
     * callback cannot use it twice; undefined when it is unknown, used, expired or another
     * connection's.
     */
    async consumeAttempt(
      state: string,
      connection: string,
      at: Date,
      tx: Database = db,
    ): Promise<SocialLoginAttemptRow | undefined> {
      const [row] = await tx
        .update(socialLoginAttempts)
        .set({ usedAt: at })
        .where(
          and(
            eq(socialLoginAttempts.state, state),
            eq(socialLoginAttempts.connection, connection),
            isNull(socialLoginAttempts.usedAt),
            gt(socialLoginAttempts.expiresAt, at),
          ),
        )
        .returning();
      return row;
    },

    /** Housekeeping: attempts that ended before `before` are of no use to anyone. */
    async deleteAttemptsExpiredBefore(before: Date, tx: Database = db): Promise<void> {
      await tx.delete(socialLoginAttempts).where(lt(socialLoginAttempts.expiresAt, before));
    },

    async findIdentity(
      connection: string,
      subject: string,
      tx: Database = db,
    ): Promise<PlayerIdentityRow | undefined> {
      const [row] = await tx
        .select()
        .from(playerIdentities)
        .where(
          and(eq(playerIdentities.connection, connection), eq(playerIdentities.subject, subject)),
        )
        .limit(1);
      return row;
    },

    /** Links an identity; undefined when this (connection, subject) is already linked. */
    async insertIdentity(
      tx: Database,
      values: {
        playerId: string;
        connection: string;
        subject: string;
        email: string | null;
        lastLoginAt: Date;
      },
    ): Promise<PlayerIdentityRow | undefined> {
      const [row] = await tx
        .insert(playerIdentities)
        .values(values)
        .onConflictDoNothing({ target: [playerIdentities.connection, playerIdentities.subject] })
        .returning();
      return row;
    },

    async touchIdentity(
      id: string,
      values: { lastLoginAt: Date; email: string | null },
      tx: Database = db,
    ): Promise<void> {
      await tx.update(playerIdentities).set(values).where(eq(playerIdentities.id, id));
    },

    /**
     * Account removal: the rows stay (the same provider account is then recognised as removed),
     * the personal data on them goes.
     */
    async forgetIdentityEmails(playerId: string, tx: Database = db): Promise<void> {
      await tx
        .update(playerIdentities)
        .set({ email: null })
        .where(eq(playerIdentities.playerId, playerId));
    },
  };
}
export type SocialRepo = ReturnType<typeof createSocialRepo>;
