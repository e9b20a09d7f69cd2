import { queryOptions, useMutation } from '@tanstack/react-query';
import type {
  FieldValidation,
  PlayerProfile,
  UpdateProfileBody,
} from '@coinfall/shared/contracts/player';
import { playerQueryClient, setProfile, usePlayerQuery } from '../../../lib/query/player-queries';
import { apiClient } from '../../../lib/session/session';

/** GET /api/player/fields/validations?scenario=profile: which fields, which required. */
export const profileFieldsQuery = queryOptions({
  queryKey: ['player', 'fields', 'profile'] as const,
  queryFn: async () =>
    (
      await apiClient().get<{ data: FieldValidation[] }>('/api/player/fields/validations', {
        query: { scenario: 'profile' },
      })
    ).data,
  // The list is configuration: it does not change while the page is open.
  staleTime: Infinity,
});

export function useProfileFields() {
  return usePlayerQuery(profileFieldsQuery);
}

/**
 * PUT /api/player/profile. Field problems (400) come back to the form as an ApiError; the new
 * profile goes into the shared cache (modal gate, verification block).
 */
export async function updateProfile(body: UpdateProfileBody): Promise<PlayerProfile> {
  const profile = await apiClient().put<PlayerProfile>('/api/player/profile', { body });
  setProfile(profile);
  return profile;
}

/** POST /api/player/profile/confirmations/email/resend (204; 409 when already confirmed). */
export function useResendEmailConfirmation() {
  return useMutation(
    {
      mutationFn: () => apiClient().post<void>('/api/player/profile/confirmations/email/resend'),
    },
    playerQueryClient,
  );
}
