import type { AuditAction, AuditList, AuditQuery } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { pageMeta } from '../player/player.fns.ts';
import type { AuditRepo } from './audit.repo.ts';

/** The audit trail as the back office searches it, newest first. */
export function createAuditService(deps: { db: Database; repo: AuditRepo }) {
  return {
    async search(query: AuditQuery): Promise<AuditList> {
      const { rows, total } = await deps.repo.search(deps.db, query);
      return {
        data: rows.map(({ entry, staffEmail }) => ({
          id: String(entry.id),
          at: entry.at.toISOString(),
          staffId: entry.staffId,
          staffEmail,
          action: entry.action as AuditAction,
          targetType: entry.targetType,
          targetId: entry.targetId,
          before: entry.before ?? null,
          after: entry.after ?? null,
          reason: entry.reason,
          requestId: entry.requestId,
        })),
        meta: pageMeta(query.page, query.perPage, total),
      };
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
