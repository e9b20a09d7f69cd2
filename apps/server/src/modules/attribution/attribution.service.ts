import {
  AB_GROUPS,
  FUNNEL_TYPES,
  type AnalyticsReportQuery,
  type Attribution,
  type AttributionFunnel,
  type PlayerAttribution,
} from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { attributionRow, conversionOf } from './attribution.fns.ts';
import type { AttributionRepo } from './attribution.repo.ts';

const DAY_MS = 86_400_000;
const pick = <T extends string>(allowed: readonly T[], value: string | null): T | null =>
  allowed.find((a) => a === value) ?? null;

/** Affiliates and attribution (issue 19): recorded at registration, read by the operator. */
export function createAttributionService(deps: { repo: AttributionRepo }) {
  const { repo } = deps;
  return {
    /** In the registration's transaction: what the visit brought, if anything. */
    async record(tx: Database, playerId: string, attribution: Attribution | undefined) {
      const row = attributionRow(attribution);
      if (row) await repo.insert(tx, playerId, row);
    },

    async ofPlayer(playerId: string): Promise<PlayerAttribution> {
      const found = await repo.find(playerId);
      if (!found) throw new AppError('NOT_FOUND', 'No such player');
      const a = found.attribution;
      return {
        playerId,
        affiliateTag: a?.affiliateTag ?? null,
        utm: a?.params ?? {},
        abGroup: pick(AB_GROUPS, a?.abGroup ?? null),
        funnelType: pick(FUNNEL_TYPES, a?.funnelType ?? null),
        registeredAt: found.registeredAt.toISOString(),
      };
    },

    async funnel(query: AnalyticsReportQuery): Promise<AttributionFunnel> {
      const start = new Date(`${query.from}T00:00:00Z`);
      const end = new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS);
      const rows = await repo.funnel({ start, end });
      return {
        data: rows.map((r) => ({
          ...r,
          conversion: conversionOf(r.registrations, r.firstPurchases),
        })),
      };
    },
  };
}
export type AttributionService = ReturnType<typeof createAttributionService>;
