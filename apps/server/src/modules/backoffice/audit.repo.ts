import { and, count, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
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

/** The audit trail: inserts and searches, never updates (the table refuses them). */
export function createAuditRepo() {
  return {
    async insert(tx: Database, record: AuditRecord): Promise<void> {
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
    },
    async search(tx: Database, query: AuditQuery) {
      const filters: SQL[] = [];
      if (query.staffId) filters.push(eq(staffAudit.staffId, query.staffId));
      if (query.action) filters.push(eq(staffAudit.action, query.action));
      if (query.targetId) filters.push(eq(staffAudit.targetId, query.targetId));
      if (query.from) filters.push(gte(staffAudit.at, new Date(query.from)));
      if (query.to) filters.push(lte(staffAudit.at, new Date(query.to)));
      const where = filters.length > 0 ? and(...filters) : undefined;
      const rows = await tx
        .select({ entry: staffAudit, staffEmail: staff.email })
        .from(staffAudit)
        .innerJoin(staff, eq(staff.id, staffAudit.staffId))
        .where(where)
        .orderBy(desc(staffAudit.at), desc(staffAudit.id))
        .limit(query.perPage)
        .offset((query.page - 1) * query.perPage);
      const [total] = await tx.select({ total: count() }).from(staffAudit).where(where);
      return { rows, total: total?.total ?? 0 };
    },
  };
}
export type AuditRepo = ReturnType<typeof createAuditRepo>;
