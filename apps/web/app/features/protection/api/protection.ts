import { useMutation } from '@tanstack/react-query';
import type {
  ProtectionStanding,
  SelfExcludeBody,
  TakeBreakBody,
} from '@coinfall/shared/contracts/protection';
import { playerQueryClient } from '../../../lib/query/player-queries';
import { apiClient } from '../../../lib/session/session';
import type { ProtectionChoice } from '../protection.fns';

/**
 * POST /api/player/protection/break or /exclusion. The answer is the last one this session
 * gets: the server ended every session with it. The form shows a failure itself.
 */
export function useStartProtection() {
  return useMutation(
    {
      mutationFn: (choice: ProtectionChoice) =>
        choice.kind === 'break'
          ? apiClient().post<ProtectionStanding>('/api/player/protection/break', {
              body: { days: choice.days } satisfies TakeBreakBody,
              skipGlobalHandler: true,
            })
          : apiClient().post<ProtectionStanding>('/api/player/protection/exclusion', {
              body: { period: choice.period } satisfies SelfExcludeBody,
              skipGlobalHandler: true,
            }),
    },
    playerQueryClient,
  );
}
