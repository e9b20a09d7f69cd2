import { queryOptions } from '@tanstack/react-query';
import type {
  LoyaltyLevelList,
  PlayerVip,
  RetentionAccount,
  VipProgramme,
} from '@coinfall/shared/contracts/loyalty';
import { usePlayerQuery } from '../../../lib/query/player-queries';
import { apiClient } from '../../../lib/session/session';
import { RETENTION_QUERY_KEYS } from '../retention-queries';

/** GET /api/retention/levels: the ladder, public (guests see it too). It changes rarely. */
export const levelsQuery = queryOptions({
  queryKey: [...RETENTION_QUERY_KEYS.levels],
  queryFn: () => apiClient().get<LoyaltyLevelList>('/api/retention/levels'),
  staleTime: 10 * 60_000,
});

/**
 * GET /api/retention/account: the player's points, level and sublevel (login required). The
 * header's level badge loads it on every player page, so like the wallet's accounts it leaves a
 * refusal to the session checks instead of logging out from here.
 */
export const accountQuery = queryOptions({
  queryKey: [...RETENTION_QUERY_KEYS.account],
  queryFn: () =>
    apiClient().get<RetentionAccount>('/api/retention/account', { skipGlobalHandler: true }),
});

/** GET /api/retention/vip/programme: what each VIP level gives, public. */
export const vipProgrammeQuery = queryOptions({
  queryKey: [...RETENTION_QUERY_KEYS.vipProgramme],
  queryFn: () => apiClient().get<VipProgramme>('/api/retention/vip/programme'),
  staleTime: 10 * 60_000,
});

/** GET /api/retention/vip/benefits: the player's VIP standing, accrued rakeback and host. */
export const vipBenefitsQuery = queryOptions({
  queryKey: [...RETENTION_QUERY_KEYS.vipBenefits],
  queryFn: () => apiClient().get<PlayerVip>('/api/retention/vip/benefits'),
});

export const useLevels = () => usePlayerQuery(levelsQuery);
export const useVipProgramme = () => usePlayerQuery(vipProgrammeQuery);

/** The account, read only for a logged-in player (spec §6: login gates loyalty data). */
export function useRetentionAccount(enabled = true) {
  return usePlayerQuery({ ...accountQuery, enabled });
}

export function useVipBenefits(enabled = true) {
  return usePlayerQuery({ ...vipBenefitsQuery, enabled });
}
