import { and, asc, count, desc, eq, isNull, lt } from 'drizzle-orm';
import type { StaffAccountSort, StaffRole } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { staff, staffRecoveryCodes, staffSessions } from '../../db/schema/index.ts';

export type StaffRow = typeof staff.$inferSelect;

/** Staff accounts, their sessions and recovery codes: the only SQL of the staff identity. */
export function createStaffRepo() {
  return {
    async insertStaff(
      tx: Database,
      values: { email: string; passwordHash: string; role: StaffRole },
    ): Promise<StaffRow | undefined> {
      const [row] = await tx.insert(staff).values(values).onConflictDoNothing().returning();
      return row;
    },
    async findByEmail(tx: Database, email: string): Promise<StaffRow | undefined> {
      const [row] = await tx.select().from(staff).where(eq(staff.email, email));
      return row;
    },
    async findById(tx: Database, id: string): Promise<StaffRow | undefined> {
      const [row] = await tx.select().from(staff).where(eq(staff.id, id));
      return row;
    },
    /** The row locked: the TOTP step and enrolment change under it, one sign-in at a time. */
    /**
     * Locks every enabled admin, in id order (so two lockers queue rather than deadlock); answers
     * their ids.
     */
    async lockEnabledAdmins(tx: Database): Promise<string[]> {
      const rows = await tx
        .select({ id: staff.id })
        .from(staff)
        .where(and(eq(staff.role, 'admin'), isNull(staff.disabledAt)))
        .orderBy(asc(staff.id))
        .for('update');
      return rows.map((r) => r.id);
    },
    async lockById(tx: Database, id: string): Promise<StaffRow | undefined> {
      const [row] = await tx.select().from(staff).where(eq(staff.id, id)).for('update');
      return row;
    },
    async list(
      tx: Database,
      page: { sort: StaffAccountSort; order: 'asc' | 'desc'; limit: number; offset: number },
    ) {
      const direction = page.order === 'asc' ? asc : desc;
      const column = { email: staff.email, role: staff.role, createdAt: staff.createdAt }[
        page.sort
      ];
      const rows = await tx
        .select()
        .from(staff)
        // The id breaks ties (roles repeat), so pages never overlap.
        .orderBy(direction(column), direction(staff.id))
        .limit(page.limit)
        .offset(page.offset);
      const [total] = await tx.select({ total: count() }).from(staff);
      return { rows, total: total?.total ?? 0 };
    },
    async update(
      tx: Database,
      id: string,
      values: Partial<
        Pick<StaffRow, 'totpSecret' | 'totpPendingSecret' | 'totpLastStep' | 'role' | 'disabledAt'>
      > & {
        updatedAt: Date;
      },
    ): Promise<void> {
      await tx.update(staff).set(values).where(eq(staff.id, id));
    },

    async deleteRecoveryCodes(tx: Database, staffId: string): Promise<void> {
      await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
    },
    async replaceRecoveryCodes(tx: Database, staffId: string, hashes: string[]): Promise<void> {
      await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
      await tx.insert(staffRecoveryCodes).values(hashes.map((codeHash) => ({ staffId, codeHash })));
    },
    /** Marks an unused code used; false when there is none with that hash. */
    async spendRecoveryCode(
      tx: Database,
      staffId: string,
      codeHash: string,
      at: Date,
    ): Promise<boolean> {
      const spent = await tx
        .update(staffRecoveryCodes)
        .set({ usedAt: at })
        .where(
          and(
            eq(staffRecoveryCodes.staffId, staffId),
            eq(staffRecoveryCodes.codeHash, codeHash),
            isNull(staffRecoveryCodes.usedAt),
          ),
        )
        .returning({ id: staffRecoveryCodes.id });
      return spent.length > 0;
    },

    async insertSession(
      tx: Database,
      values: { staffId: string; ip: string | null; userAgent: string | null; at: Date },
    ) {
      const [row] = await tx
        .insert(staffSessions)
        .values({
          staffId: values.staffId,
          ip: values.ip,
          userAgent: values.userAgent,
          createdAt: values.at,
          lastSeenAt: values.at,
        })
        .returning();
      return row!;
    },
    /** The session and its account, as the guard needs them. */
    async findSessionForAuth(tx: Database, sessionId: string) {
      const [row] = await tx
        .select({
          sessionId: staffSessions.id,
          staffId: staffSessions.staffId,
          lastSeenAt: staffSessions.lastSeenAt,
          endedAt: staffSessions.endedAt,
          email: staff.email,
          role: staff.role,
          disabledAt: staff.disabledAt,
        })
        .from(staffSessions)
        .innerJoin(staff, eq(staff.id, staffSessions.staffId))
        .where(eq(staffSessions.id, sessionId));
      return row;
    },
    async touchSession(tx: Database, sessionId: string, at: Date): Promise<void> {
      await tx.update(staffSessions).set({ lastSeenAt: at }).where(eq(staffSessions.id, sessionId));
    },
    /**
     * Ends a live session of this staff member; false when there is none. With `unusedSince`,
     * only if it was not used since (the idle end: another node may have just used it).
     */
    async endSession(
      tx: Database,
      staffId: string,
      sessionId: string,
      at: Date,
      unusedSince?: Date,
    ) {
      const ended = await tx
        .update(staffSessions)
        .set({ endedAt: at })
        .where(
          and(
            eq(staffSessions.id, sessionId),
            eq(staffSessions.staffId, staffId),
            isNull(staffSessions.endedAt),
            unusedSince ? lt(staffSessions.lastSeenAt, unusedSince) : undefined,
          ),
        )
        .returning({ id: staffSessions.id });
      return ended.length > 0;
    },
    /** Ends every live session of this staff member (disabled, or two-factor reset); how many. */
    async endAllSessions(tx: Database, staffId: string, at: Date): Promise<number> {
      const ended = await tx
        .update(staffSessions)
        .set({ endedAt: at })
        .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.endedAt)))
        .returning({ id: staffSessions.id });
      return ended.length;
    },
    async listLiveSessions(tx: Database, staffId: string, page: { limit: number; offset: number }) {
      const live = and(eq(staffSessions.staffId, staffId), isNull(staffSessions.endedAt));
      const rows = await tx
        .select()
        .from(staffSessions)
        .where(live)
        .orderBy(desc(staffSessions.lastSeenAt))
        .limit(page.limit)
        .offset(page.offset);
      const [total] = await tx.select({ total: count() }).from(staffSessions).where(live);
      return { rows, total: total?.total ?? 0 };
    },
  };
}
export type StaffRepo = ReturnType<typeof createStaffRepo>;
