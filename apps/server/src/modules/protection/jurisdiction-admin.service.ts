import type {
  AdminJurisdictionPut,
  AdminJurisdictionQuery,
  AdminJurisdictionRule,
  AdminJurisdictionRuleList,
} from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import type { AuditRepo } from '../backoffice/audit.repo.ts';
import type { StaffActor } from '../backoffice/staff-auth.service.ts';
import { pageMeta } from '../player/player.fns.ts';
import { toJurisdictionRule } from './jurisdiction.fns.ts';
import type { AdminRuleRow, JurisdictionRepo } from './jurisdiction.repo.ts';

const toAdminRule = (row: AdminRuleRow): AdminJurisdictionRule => ({
  ...toJurisdictionRule(row),
  id: row.id,
  updatedAt: row.updatedAt.toISOString(),
});

/** The audited fields of a rule: what players may do there, and from when. */
const auditedOf = (rule: AdminJurisdictionRule | undefined) => {
  if (!rule) return null;
  const { id: _id, updatedAt: _updatedAt, ...fields } = rule;
  return fields;
};

/**
 * Compliance edits the jurisdiction table in the back office (issue 16, decision 058). A put
 * locks the place's rule for its start date, writes it and its audit row (before, after, the
 * reason) in one transaction; the doors read the table per request, so players' standing follows
 * at their next request.
 */
export function createJurisdictionAdminService(deps: {
  repo: JurisdictionRepo;
  audit: Pick<AuditRepo, 'insert'>;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const { repo } = deps;
  return {
    async list(query: AdminJurisdictionQuery): Promise<AdminJurisdictionRuleList> {
      const { rows, total } = await repo.db.transaction((tx) => repo.adminPage(tx, query));
      return { data: rows.map(toAdminRule), meta: pageMeta(query.page, query.perPage, total) };
    },

    async put(actor: StaffActor, body: AdminJurisdictionPut): Promise<AdminJurisdictionRule> {
      const { reason, ...rule } = body;
      const key = {
        country: rule.country,
        region: rule.region,
        effectiveFrom: new Date(rule.effectiveFrom),
      };
      return repo.db.transaction(async (tx: Database) => {
        const before = await repo.lockByKey(tx, key);
        await repo.upsert(
          tx,
          {
            ...rule,
            effectiveFrom: key.effectiveFrom,
            redemptionWindDownUntil: rule.redemptionWindDownUntil
              ? new Date(rule.redemptionWindDownUntil)
              : null,
          },
          now(),
        );
        const after = await repo.lockByKey(tx, key);
        if (!after) throw new Error('jurisdiction rule not written');
        const written = toAdminRule(after);
        await deps.audit.insert(tx, {
          staffId: actor.staffId,
          action: 'jurisdiction.rule-put',
          targetType: 'jurisdiction-rule',
          targetId: written.id,
          before: auditedOf(before ? toAdminRule(before) : undefined),
          after: auditedOf(written),
          reason,
          requestId: actor.requestId,
        });
        return written;
      });
    },
  };
}
export type JurisdictionAdminService = ReturnType<typeof createJurisdictionAdminService>;
