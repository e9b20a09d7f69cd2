import { queryOptions } from '@tanstack/react-query';
import type { FieldValidation } from '@coinfall/shared/contracts/player';
import { DEFAULT_REGISTRATION_FIELDS } from '@coinfall/shared/contracts/registration-fields';
import { usePlayerQuery } from '../../lib/query/player-queries';
import { contentPreviewToken } from '../../lib/session/cookies';
import { apiClient } from '../../lib/session/session';

/**
 * GET /api/player/fields/validations?scenario=registration: the sign-up form's fields and which
 * are required (spec §3, decision 053). Fetched once and kept: the list is configuration.
 */
export const registrationFieldsQuery = (preview: string | undefined) =>
  queryOptions({
    queryKey: ['player', 'fields', 'registration', preview ?? null] as const,
    queryFn: async () =>
      (
        await apiClient().get<{ data: FieldValidation[] }>('/api/player/fields/validations', {
          query: { scenario: 'registration', ...(preview ? { preview } : {}) },
          skipGlobalHandler: true,
        })
      ).data,
    staleTime: Infinity,
    gcTime: Infinity,
  });

/**
 * The configured list; undefined while it loads. When it cannot be had, today's form: the
 * server still holds the registration to its own list and names a missing field.
 */
export function useRegistrationFields(): readonly FieldValidation[] | undefined {
  // In a preview session the drafts' list: the form shows what the registration will ask.
  const query = usePlayerQuery(registrationFieldsQuery(contentPreviewToken()));
  return query.data ?? (query.isError ? DEFAULT_REGISTRATION_FIELDS : undefined);
}
