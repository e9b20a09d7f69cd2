import { queryOptions, useMutation } from '@tanstack/react-query';
import type { KycState } from '@coinfall/shared/contracts/verification';
import { playerQueryClient, profileQuery, usePlayerQuery } from '../../../lib/query/player-queries';
import { apiClient } from '../../../lib/session/session';

const KYC_PATH = '/api/player/integrations/tsevo/player';

/**
 * GET the player's identity check at the provider. Its failures are shown in place (the block
 * says the check is unavailable), not routed by the global handler: a missing provider must
 * not take the player to /404.
 */
export const kycQuery = queryOptions({
  queryKey: ['player', 'kyc'] as const,
  queryFn: () => apiClient().get<KycState>(KYC_PATH, { skipGlobalHandler: true }),
});

export function useKycState() {
  return usePlayerQuery(kycQuery);
}

/**
 * Registers the player with the provider (identity taken from the profile), then asks it to
 * validate; the answer is the new state. The profile is refetched for its kycVerified flag.
 */
export function useStartKyc() {
  return useMutation(
    {
      mutationFn: async () => {
        await apiClient().post<unknown>(KYC_PATH, { body: {}, skipGlobalHandler: true });
        return apiClient().post<KycState>(`${KYC_PATH}/validate`, { skipGlobalHandler: true });
      },
      onSuccess: (state) => {
        playerQueryClient.setQueryData(kycQuery.queryKey, state);
        void playerQueryClient.invalidateQueries({ queryKey: profileQuery.queryKey });
      },
      onError: () => void playerQueryClient.invalidateQueries({ queryKey: kycQuery.queryKey }),
    },
    playerQueryClient,
  );
}
