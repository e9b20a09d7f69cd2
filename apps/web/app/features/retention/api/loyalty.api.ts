import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  LoyaltyLevelList,
  PlayerVip,
  RetentionAccount,
  VipProgramme,
} from '@coinfall/shared/contracts/loyalty';
import { playerQueryClient } from '../../../lib/query/player-queries';
import { apiClient } from '../../../lib/session/session';
import { RETENTION_QUERY_KEYS } from '../retention-queries';

/** GET /api/retention/levels: the ladder, public (guests see it too). It changes rarely. */
export const levelsQuery = queryOptions({
  queryKey: [...RETENTION_QUERY_KEYS.levels],
  queryFn: () => apiClient().get<LoyaltyLevelList>('/api/retention/levels'),
  staleTime: 10 * 60_000,
});

/** GET /api/retention/account: the player's points, level and sublevel (login required). */
export const accountQuery = queryOptions({
  queryKey: [...RETENTION_QUERY_KEYS.account],
  queryFn: () => apiClient().get<RetentionAccount>('/api/retention/account'),
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

export const useLevels = () => useQuery(levelsQuery, playerQueryClient);
export const useVipProgramme = () => useQuery(vipProgrammeQuery, playerQueryClient);

/** The account, read only for a logged-in player (spec §6: login gates loyalty data). */
export function useRetentionAccount(enabled = true) {
  return useQuery({ ...accountQuery, enabled }, playerQueryClient);
}

export function useVipBenefits(enabled = true) {
  return useQuery({ ...vipBenefitsQuery, enabled }, playerQueryClient);
}
