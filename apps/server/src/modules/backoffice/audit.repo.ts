import { and, asc, count, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { AuditAction, AuditQuery } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { staff, staffAudit } from '../../db/schema/index.ts';

export interface AuditRecord {
  staffId: string;
  action: AuditAction;
  targetType?: string | null;
  targetId?: string | null;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
  requestId?: string | null;
  at?: Date;
}

/** Who acted, as the staff request carries it. */
interface AuditActor {
  staffId: string;
  requestId: string;
}

/** The audit trail: inserts and searches, never updates (the table refuses them). */
export function createAuditRepo() {
  async function insert(tx: Database, record: AuditRecord): Promise<void> {
    await tx.insert(staffAudit).values({
      staffId: record.staffId,
      action: record.action,
      targetType: record.targetType ?? null,
      targetId: record.targetId ?? null,
      before: record.before ?? null,
      after: record.after ?? null,
      reason: record.reason ?? null,
      requestId: record.requestId ?? null,
      ...(record.at ? { at: record.at } : {}),
    });
  }

  return {
    insert,
    /**
     * A staff edit of a numbered record (a bonus, a code, a quest…): who, what, before and after,
     * and the reason the edit form demands.
     */
    recordChange(
      tx: Database,
      actor: AuditActor,
      action: AuditAction,
      target: { type: string; id: number },
      change: { before: unknown; after: unknown; reason: string },
    ): Promise<void> {
      return insert(tx, {
        staffId: actor.staffId,
        action,
        targetType: target.type,
        targetId: String(target.id),
        ...change,
        requestId: actor.requestId,
      });
    },
    async search(tx: Database, query: AuditQuery) {
      const filters: SQL[] = [];
      if (query.staffId) filters.push(eq(staffAudit.staffId, query.staffId));
      if (query.action) filters.push(eq(staffAudit.action, query.action));
      if (query.targetId) filters.push(eq(staffAudit.targetId, query.targetId));
      if (query.from) filters.push(gte(staffAudit.at, new Date(query.from)));
      if (query.to) filters.push(lte(staffAudit.at, new Date(query.to)));
      const where = filters.length > 0 ? and(...filters) : undefined;
      const direction = query.order === 'asc' ? asc : desc;
      const column = { at: staffAudit.at, action: staffAudit.action, staff: staff.email }[
        query.sort
      ];
      const rows = await tx
        .select({ entry: staffAudit, staffEmail: staff.email })
        .from(staffAudit)
        .innerJoin(staff, eq(staff.id, staffAudit.staffId))
        .where(where)
        // The id breaks ties, so pages never overlap.
        .orderBy(direction(column), direction(staffAudit.id))
        .limit(query.perPage)
        .offset((query.page - 1) * query.perPage);
      const [total] = await tx.select({ total: count() }).from(staffAudit).where(where);
      return { rows, total: total?.total ?? 0 };
    },
  };
}
export type AuditRepo = ReturnType<typeof createAuditRepo>;
