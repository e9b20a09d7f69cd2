import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  AdminContentDocument,
  AdminContentList,
  AdminContentParams,
  AdminContentQuery,
} from '@coinfall/shared/contracts/admin-content';
import { staffApi, staffQueryClient } from './staff-client';

const pathOf = ({ locale, name }: AdminContentParams) => `/api/admin/content/${locale}/${name}`;
const refresh = () => staffQueryClient.invalidateQueries({ queryKey: ['staff', 'content'] });

/** Every content document of every locale, paged (GET /api/admin/content). */
export function useContentList(query: AdminContentQuery) {
  return useQuery(
    {
      queryKey: ['staff', 'content', 'list', query] as const,
      queryFn: () => staffApi.get<AdminContentList>('/api/admin/content', { query: { ...query } }),
      placeholderData: keepPreviousData,
    },
    staffQueryClient,
  );
}

/** One document: published, draft and the preview link. */
export function useContentDocument(params: AdminContentParams) {
  return useQuery(
    {
      queryKey: ['staff', 'content', 'one', params.locale, params.name] as const,
      queryFn: () => staffApi.get<AdminContentDocument>(pathOf(params)),
    },
    staffQueryClient,
  );
}

async function refreshed(call: Promise<AdminContentDocument>) {
  const document = await call;
  await refresh();
  return document;
}

export const saveContentDraft = (
  params: AdminContentParams,
  body: { document: unknown; reason?: string },
) => refreshed(staffApi.put<AdminContentDocument>(`${pathOf(params)}/draft`, { body }));

export const discardContentDraft = (params: AdminContentParams) =>
  refreshed(staffApi.delete<AdminContentDocument>(`${pathOf(params)}/draft`));

export const publishContent = (
  params: AdminContentParams,
  body: { draftHash: string; reason?: string },
) => refreshed(staffApi.post<AdminContentDocument>(`${pathOf(params)}/publish`, { body }));
