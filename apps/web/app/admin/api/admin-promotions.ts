import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  AdminBonusCode,
  AdminBonusCodeList,
  AdminBonusCodeQuery,
  AdminBonusDefinition,
  AdminBonusDefinitionList,
  AdminBonusDefinitionQuery,
  AdminQuest,
  AdminQuestList,
  AdminQuestPackage,
  AdminQuestPackageList,
  AdminQuestQuery,
} from '@coinfall/shared/contracts/admin-promotions';
import { staffApi, staffQueryClient } from './staff-client';

/** The query as the URL sends it (`enabled` back to its query-string words). */
const asQuery = <Q extends { enabled?: boolean }>(q: Q) => ({
  ...q,
  enabled: q.enabled === undefined ? undefined : String(q.enabled),
});

/** Bonus definitions (GET /api/admin/bonus-definitions): filters, sort and page. */
export function useBonusDefinitions(query: AdminBonusDefinitionQuery) {
  return useQuery(
    {
      queryKey: ['staff', 'bonus-definitions', query] as const,
      queryFn: () =>
        staffApi.get<AdminBonusDefinitionList>('/api/admin/bonus-definitions', {
          query: asQuery(query),
        }),
      placeholderData: keepPreviousData,
    },
    staffQueryClient,
  );
}

export function useBonusDefinition(id: number | null) {
  return useQuery(
    {
      queryKey: ['staff', 'bonus-definition', id] as const,
      queryFn: () => staffApi.get<AdminBonusDefinition>(`/api/admin/bonus-definitions/${id}`),
      enabled: id !== null,
    },
    staffQueryClient,
  );
}

/** Bonus codes with their claims and redemptions. */
export function useBonusCodes(query: AdminBonusCodeQuery) {
  return useQuery(
    {
      queryKey: ['staff', 'bonus-codes', query] as const,
      queryFn: () =>
        staffApi.get<AdminBonusCodeList>('/api/admin/bonus-codes', { query: asQuery(query) }),
      placeholderData: keepPreviousData,
    },
    staffQueryClient,
  );
}

const refreshed = async <T>(work: Promise<T>): Promise<T> => {
  const result = await work;
  await staffQueryClient.invalidateQueries({ queryKey: ['staff'] });
  return result;
};

/** Creates a definition (body as the API's create schema: the reason included). */
export const createBonusDefinition = (body: Record<string, unknown>) =>
  refreshed(staffApi.post<AdminBonusDefinition>('/api/admin/bonus-definitions', { body }));

export const updateBonusDefinition = (id: number, body: Record<string, unknown>) =>
  refreshed(staffApi.put<AdminBonusDefinition>(`/api/admin/bonus-definitions/${id}`, { body }));

export const setBonusDefinitionEnabled = (id: number, enabled: boolean, reason: string) =>
  refreshed(
    staffApi.post<AdminBonusDefinition>(`/api/admin/bonus-definitions/${id}/status`, {
      body: { enabled, reason },
    }),
  );

export const createBonusCode = (body: Record<string, unknown>) =>
  refreshed(staffApi.post<AdminBonusCode>('/api/admin/bonus-codes', { body }));

export const updateBonusCode = (id: number, body: Record<string, unknown>) =>
  refreshed(staffApi.put<AdminBonusCode>(`/api/admin/bonus-codes/${id}`, { body }));

export const setBonusCodeEnabled = (id: number, enabled: boolean, reason: string) =>
  refreshed(
    staffApi.post<AdminBonusCode>(`/api/admin/bonus-codes/${id}/status`, {
      body: { enabled, reason },
    }),
  );

/** Quest definitions (GET /api/admin/quests): filters, sort and page. */
export function useQuests(query: AdminQuestQuery) {
  return useQuery(
    {
      queryKey: ['staff', 'quests', query] as const,
      queryFn: () => staffApi.get<AdminQuestList>('/api/admin/quests', { query: asQuery(query) }),
      placeholderData: keepPreviousData,
    },
    staffQueryClient,
  );
}

export function useQuest(id: number | null) {
  return useQuery(
    {
      queryKey: ['staff', 'quest', id] as const,
      queryFn: () => staffApi.get<AdminQuest>(`/api/admin/quests/${id}`),
      enabled: id !== null,
    },
    staffQueryClient,
  );
}

export function useQuestPackages() {
  return useQuery(
    {
      queryKey: ['staff', 'quest-packages'] as const,
      queryFn: () => staffApi.get<AdminQuestPackageList>('/api/admin/quest-packages'),
    },
    staffQueryClient,
  );
}

export const createQuest = (body: Record<string, unknown>) =>
  refreshed(staffApi.post<AdminQuest>('/api/admin/quests', { body }));

export const updateQuest = (id: number, body: Record<string, unknown>) =>
  refreshed(staffApi.put<AdminQuest>(`/api/admin/quests/${id}`, { body }));

export const setQuestEnabled = (id: number, enabled: boolean, reason: string) =>
  refreshed(
    staffApi.post<AdminQuest>(`/api/admin/quests/${id}/status`, { body: { enabled, reason } }),
  );

export const createQuestPackage = (body: Record<string, unknown>) =>
  refreshed(staffApi.post<AdminQuestPackage>('/api/admin/quest-packages', { body }));

/** A chain's steps, in order; the ones players reached stay first (decision 061). */
export const setQuestPackageSteps = (id: number, questIds: number[], reason: string) =>
  refreshed(
    staffApi.put<AdminQuestPackage>(`/api/admin/quest-packages/${id}/steps`, {
      body: { questIds, reason },
    }),
  );

export const setQuestPackageEnabled = (id: number, enabled: boolean, reason: string) =>
  refreshed(
    staffApi.post<AdminQuestPackage>(`/api/admin/quest-packages/${id}/status`, {
      body: { enabled, reason },
    }),
  );
