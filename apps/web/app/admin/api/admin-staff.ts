import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  StaffAccount,
  StaffAccountCreated,
  StaffAccountSort,
  StaffRoleBody,
  StaffSessionList,
} from '@coinfall/shared/contracts/admin';
import type { PageMeta } from '@coinfall/shared/contracts/player';
import type { StaffRole } from '@coinfall/shared/admin-permissions';
import { staffApi, staffQueryClient } from './staff-client';

export interface StaffAccountList {
  data: StaffAccount[];
  meta: PageMeta;
}

/** The staff accounts (GET /api/admin/staff, admin), by email unless sorted. */
export function useStaffAccounts(search: {
  sort: StaffAccountSort;
  order: 'asc' | 'desc';
  page: number;
  perPage: number;
}) {
  return useQuery(
    {
      queryKey: ['staff', 'accounts', search] as const,
      queryFn: () => staffApi.get<StaffAccountList>('/api/admin/staff', { query: { ...search } }),
      placeholderData: keepPreviousData,
    },
    staffQueryClient,
  );
}

const refreshAccounts = () =>
  staffQueryClient.invalidateQueries({ queryKey: ['staff', 'accounts'] });

/** A new account; the answer carries its drawn password, which is never shown again. */
export async function createStaffAccount(body: {
  email: string;
  role: StaffRole;
}): Promise<StaffAccountCreated> {
  const created = await staffApi.post<StaffAccountCreated>('/api/admin/staff', { body });
  await refreshAccounts();
  return created;
}

export type StaffAccountAction = 'disable' | 'enable' | 'reset-two-factor';

/** Disable, enable or reset the two-factor of another staff member, with the audit's reason. */
export async function changeStaffAccount(
  id: string,
  action: StaffAccountAction,
  reason: string,
): Promise<StaffAccount> {
  const account = await staffApi.post<StaffAccount>(`/api/admin/staff/${id}/${action}`, {
    body: { reason },
  });
  await refreshAccounts();
  return account;
}

export async function changeStaffRole(id: string, body: StaffRoleBody): Promise<StaffAccount> {
  const account = await staffApi.post<StaffAccount>(`/api/admin/staff/${id}/role`, { body });
  await refreshAccounts();
  return account;
}

/** The caller's own live sessions (GET /api/admin/sessions), most recently used first. */
export function useOwnSessions(page: number, perPage: number) {
  return useQuery(
    {
      queryKey: ['staff', 'sessions', page, perPage] as const,
      queryFn: () =>
        staffApi.get<StaffSessionList>('/api/admin/sessions', { query: { page, perPage } }),
      placeholderData: keepPreviousData,
    },
    staffQueryClient,
  );
}

/** Ends one of the caller's other sessions (another browser or device). */
export async function revokeOwnSession(id: string): Promise<void> {
  await staffApi.delete<void>(`/api/admin/sessions/${id}`);
  await staffQueryClient.invalidateQueries({ queryKey: ['staff', 'sessions'] });
}
