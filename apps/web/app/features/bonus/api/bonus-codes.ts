import { queryOptions, useMutation } from '@tanstack/react-query';
import type { BonusCodeList, PlayerBonusCode } from '@coinfall/shared/contracts/bonus';
import { routeSessionFailure } from '../../../lib/api/route-session-failure';
import { refreshMoneyQueries } from '../../../lib/query/money-moved';
import { playerQueryClient, usePlayerQuery } from '../../../lib/query/player-queries';
import { apiClient } from '../../../lib/session/session';
import { BONUS_QUERY_KEYS } from '../bonus-queries';
import { track } from '../../analytics/track.ts';
import { ANALYTICS_EVENTS } from '../../analytics/analytics-settings.ts';

/** GET /api/game/bonuses/bonuscodes?trigger=… : the codes the player entered there. */
export const bonusCodesQuery = (trigger: number) =>
  queryOptions({
    queryKey: [...BONUS_QUERY_KEYS.codes, trigger] as const,
    queryFn: () =>
      apiClient().get<BonusCodeList>('/api/game/bonuses/bonuscodes', { query: { trigger } }),
  });

export function useBonusCodes(trigger: number, enabled = true) {
  return usePlayerQuery({ ...bonusCodesQuery(trigger), enabled });
}

/**
 * POST /api/game/bonuses/bonuscodes { bonusCode, trigger }. A refusal (409 with
 * details.bonusCodeStatus, 400) is the form's to show, so the global handler is skipped. An
 * instant code may credit a bonus or coins: lists and balances are read again.
 */
export function useClaimBonusCode() {
  return useMutation(
    {
      mutationFn: async (body: { bonusCode: string; trigger: number }) => {
        try {
          return await apiClient().post<PlayerBonusCode>('/api/game/bonuses/bonuscodes', {
            body,
            skipGlobalHandler: true,
          });
        } catch (error) {
          routeSessionFailure(error);
          throw error;
        }
      },
      onSuccess: (_code, body) =>
        track(ANALYTICS_EVENTS.bonusCodeApplied, {
          bonusCode: body.bonusCode,
          trigger: body.trigger,
        }),
      onSettled: async () => {
        await playerQueryClient.invalidateQueries({ queryKey: ['bonus'] });
        await refreshMoneyQueries();
      },
    },
    playerQueryClient,
  );
}

/** DELETE /api/game/bonuses/bonuscodes?playerBonusCodeId=… : removes a pending code. */
export function useRemoveBonusCode() {
  return useMutation(
    {
      mutationFn: async (playerBonusCodeId: number) => {
        try {
          return await apiClient().delete<unknown>('/api/game/bonuses/bonuscodes', {
            query: { playerBonusCodeId },
            skipGlobalHandler: true,
          });
        } catch (error) {
          routeSessionFailure(error);
          throw error;
        }
      },
      onSettled: () =>
        playerQueryClient.invalidateQueries({ queryKey: [...BONUS_QUERY_KEYS.codes] }),
    },
    playerQueryClient,
  );
}
