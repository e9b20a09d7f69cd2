import { queryOptions, useMutation } from '@tanstack/react-query';
import type {
  AcknowledgeRealityCheckBody,
  RealityCheckState,
  SetRealityCheckBody,
} from '@coinfall/shared/contracts/reality-check';
import { playerQueryClient, usePlayerQuery } from '../../../lib/query/player-queries';
import { apiClient } from '../../../lib/session/session';

const PATH = '/api/player/protection/reality-check';

/** GET …/reality-check: the interval, the play session standing and when the next check is. */
export const realityCheckQuery = queryOptions({
  queryKey: ['player', 'reality-check'] as const,
  queryFn: () => apiClient().get<RealityCheckState>(PATH),
  // Another tab may have answered the check: coming back to this one reads it again.
  refetchOnWindowFocus: true,
});

export function useRealityCheckState() {
  return usePlayerQuery(realityCheckQuery);
}

const store = (state: RealityCheckState) =>
  playerQueryClient.setQueryData(realityCheckQuery.queryKey, state);

/** PUT …/reality-check {intervalMinutes}: the section shows a failure itself. */
export function useSetRealityCheck() {
  return useMutation(
    {
      mutationFn: (body: SetRealityCheckBody) =>
        apiClient().put<RealityCheckState>(PATH, { body, skipGlobalHandler: true }),
      onSuccess: store,
    },
    playerQueryClient,
  );
}

/** POST …/reality-check/acknowledge: the answer moves the next check (or another tab did). */
export function useAcknowledgeRealityCheck() {
  return useMutation(
    {
      mutationFn: (body: AcknowledgeRealityCheckBody) =>
        apiClient().post<RealityCheckState>(`${PATH}/acknowledge`, {
          body,
          skipGlobalHandler: true,
        }),
      onSuccess: store,
    },
    playerQueryClient,
  );
}
