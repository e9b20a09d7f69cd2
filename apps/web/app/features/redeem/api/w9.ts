import { queryOptions, useMutation } from '@tanstack/react-query';
import type { W9Body, W9Status } from '@coinfall/shared/contracts/redemption';
import { playerQueryClient, usePlayerQuery } from '../../../lib/query/player-queries';
import { apiClient } from '../../../lib/session/session';

const W9_PATH = '/api/player/w9';

/** GET /api/player/w9: whether a W-9 is needed and on file (only the TIN's last four back). */
export const w9Query = queryOptions({
  queryKey: ['player', 'w9'] as const,
  queryFn: () => apiClient().get<W9Status>(W9_PATH),
});

export function useW9Status() {
  return usePlayerQuery(w9Query);
}

/**
 * POST /api/player/w9. Field problems (400) come back to the form; the new status replaces the
 * cached one and the limits are read again (a W-9 on file lifts the w9_required refusal).
 */
export function useSubmitW9() {
  return useMutation(
    {
      mutationFn: (body: W9Body) => apiClient().post<W9Status>(W9_PATH, { body }),
      onSuccess: async (status) => {
        playerQueryClient.setQueryData(w9Query.queryKey, status);
        await playerQueryClient.invalidateQueries({ queryKey: ['wallet', 'redeem-limits'] });
      },
    },
    playerQueryClient,
  );
}
