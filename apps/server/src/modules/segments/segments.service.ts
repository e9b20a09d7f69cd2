import type { SegmentList } from '@coinfall/shared';
import type { SegmentsRepo } from './segments.repo.ts';

/** Segments (spec §3): flags that change behaviour for the players listed in them. */
export function createSegmentsService(deps: { repo: SegmentsRepo }) {
  return {
    async list(): Promise<SegmentList> {
      const rows = await deps.repo.list();
      return {
        data: rows.map((s) => ({
          id: s.id,
          name: s.name,
          itHasPurchases: s.itHasPurchases,
          isForTesting: s.isForTesting,
          w9Required: s.w9Required,
          w9Received: s.w9Received,
        })),
      };
    },
  };
}
export type SegmentsService = ReturnType<typeof createSegmentsService>;
