import { useQuery } from '@tanstack/react-query';
import type { PlayerSegmentList } from '@coinfall/shared/contracts/segments';
import { EmptyState } from '../../ui/empty-state';
import { LoadState } from '../../ui/load-state';
import { ADMIN_LOAD_TEXTS } from '../admin-texts';
import { staffApi, staffQueryClient } from '../api/staff-client';
import { formatInstant } from '../format.fns';
import { describeRule } from '../segments.fns';
import { DataTable } from './paged-table';

/**
 * The segments the player is in (decision 050): flag segments, and rule segments with the date
 * the player joined. Read when the tab opens, like the rest of the profile (players.read).
 */
export function SegmentsPanel({ playerId }: { playerId: string }) {
  const query = useQuery(
    {
      queryKey: ['staff', 'player', playerId, 'segments'] as const,
      queryFn: () => staffApi.get<PlayerSegmentList>(`/api/admin/players/${playerId}/segments`),
    },
    staffQueryClient,
  );
  return (
    <LoadState query={query} texts={ADMIN_LOAD_TEXTS} rows={3}>
      {({ data }) =>
        data.length === 0 ? (
          <EmptyState text="The player is in no segment." />
        ) : (
          <DataTable
            caption="The player's segments"
            rows={data}
            rowKey={(s) => String(s.id)}
            columns={[
              { header: 'Id', numeric: true, cell: (s) => String(s.id) },
              { header: 'Segment', cell: (s) => s.name },
              { header: 'Rule', cell: (s) => describeRule(s.rule) },
              { header: 'Since', cell: (s) => (s.since ? formatInstant(s.since) : '—') },
            ]}
          />
        )
      }
    </LoadState>
  );
}
