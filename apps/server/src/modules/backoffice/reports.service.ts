import type { AdminReport, AdminReportQuery } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import type { AuditRepo } from './audit.repo.ts';
import { assembleReport, reportCsv } from './reports.fns.ts';
import type { ReportsRepo } from './reports.repo.ts';
import type { StaffActor } from './staff-auth.service.ts';

const DAY_MS = 86_400_000;

/**
 * Daily reports (issue 17, decision 037): purchases, redemptions, GGR, bonus cost, NGR, active
 * players and registrations per UTC day and currency, computed by SQL when asked. The four
 * queries run in one read-only repeatable-read transaction, so the figures agree with each other.
 */
export function createReportsService(deps: {
  db: Database;
  repo: ReportsRepo;
  audit: Pick<AuditRepo, 'insert'>;
}) {
  const { db, repo } = deps;

  async function report(query: AdminReportQuery): Promise<AdminReport> {
    const range = {
      from: new Date(`${query.from}T00:00:00Z`),
      to: new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS),
    };
    const sources = await db.transaction(
      async (tx) => ({
        invoices: await repo.invoices(tx, range),
        rounds: await repo.rounds(tx, range),
        bonusCost: await repo.bonusCost(tx, range),
        registrations: await repo.registrations(tx, range),
      }),
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    return assembleReport(query, sources);
  }

  return {
    report,
    /** The CSV export; each is audited (financial figures leaving the system). */
    async csv(actor: StaffActor, query: AdminReportQuery): Promise<string> {
      const csv = reportCsv(await report(query));
      await deps.audit.insert(db, {
        staffId: actor.staffId,
        action: 'report.exported',
        targetType: 'report',
        targetId: `daily:${query.from}..${query.to}`,
        after: { from: query.from, to: query.to, format: 'csv' },
        requestId: actor.requestId,
      });
      return csv;
    },
  };
}
export type ReportsService = ReturnType<typeof createReportsService>;
