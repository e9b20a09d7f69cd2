import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  AdminDocumentLink,
  AdminKycDecision,
  AdminKycDocument,
  AdminKycDocumentList,
  AdminKycSort,
} from '@coinfall/shared/contracts/admin-kyc';
import { staffApi, staffQueryClient } from './staff-client';

/** Identity documents waiting for a decision, oldest first unless sorted (GET /api/admin/kyc/documents). */
export function useKycQueue(search: {
  sort: AdminKycSort;
  order: 'asc' | 'desc';
  page: number;
  perPage: number;
}) {
  return useQuery(
    {
      queryKey: ['staff', 'kyc', 'queue', search] as const,
      queryFn: () =>
        staffApi.get<AdminKycDocumentList>('/api/admin/kyc/documents', {
          query: { ...search },
        }),
      placeholderData: keepPreviousData,
    },
    staffQueryClient,
  );
}

/** One document (any status) with its player's identity data. */
export function useKycDocument(id: string) {
  return useQuery(
    {
      queryKey: ['staff', 'kyc', 'document', id] as const,
      queryFn: () => staffApi.get<AdminKycDocument>(`/api/admin/kyc/documents/${id}`),
    },
    staffQueryClient,
  );
}

/**
 * A fresh 5-minute link to the file, asked for at the moment of viewing (each one is audited):
 * never cached, since an old link would be refused.
 */
export function documentLink(id: string): Promise<AdminDocumentLink> {
  return staffApi.post<AdminDocumentLink>(`/api/admin/kyc/documents/${id}/link`);
}

/** Approve (the player becomes verified) or reject; either keeps the reason in the audit. */
export async function decideDocument(
  id: string,
  approve: boolean,
  reason: string,
): Promise<AdminKycDecision> {
  const decision = await staffApi.post<AdminKycDecision>(
    `/api/admin/kyc/documents/${id}/${approve ? 'approve' : 'reject'}`,
    { body: { reason } },
  );
  await staffQueryClient.invalidateQueries({ queryKey: ['staff'] });
  return decision;
}
