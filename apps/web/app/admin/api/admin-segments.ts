import { useQuery } from '@tanstack/react-query';
import type {
  AdminSegment,
  AdminSegmentBody,
  AdminSegmentList,
  AdminSegmentRetireBody,
} from '@coinfall/shared/contracts/segments';
import { staffApi, staffQueryClient } from './staff-client';

/** How often a screen showing a re-check asks again until it is done (decision 064). */
const RECHECK_REFRESH_MS = 1000;

/** Every segment with its rule, members and state (GET /api/admin/segments). */
export function useSegments() {
  return useQuery(
    {
      queryKey: ['staff', 'segments'] as const,
      queryFn: () => staffApi.get<AdminSegmentList>('/api/admin/segments'),
      // Refreshes while any segment is re-checking, so its progress moves and ends.
      refetchInterval: (query) =>
        query.state.data?.data.some((s) => s.state === 're-checking') ? RECHECK_REFRESH_MS : false,
    },
    staffQueryClient,
  );
}

export function useSegment(id: number | null) {
  return useQuery(
    {
      queryKey: ['staff', 'segment', id] as const,
      queryFn: () => staffApi.get<AdminSegment>(`/api/admin/segments/${id}`),
      enabled: id !== null,
      refetchInterval: (query) =>
        query.state.data?.state === 're-checking' ? RECHECK_REFRESH_MS : false,
    },
    staffQueryClient,
  );
}

/** The body as typed: the rule unchecked, so the server's 400 names a condition's field. */
type SegmentBody = Omit<AdminSegmentBody, 'rule'> & { rule: Record<string, unknown>[] };

const refreshed = async <T>(work: Promise<T>): Promise<T> => {
  const result = await work;
  await staffQueryClient.invalidateQueries({ queryKey: ['staff'] });
  return result;
};

export const createSegment = (body: SegmentBody) =>
  refreshed(staffApi.post<AdminSegment>('/api/admin/segments', { body }));

export const updateSegment = (id: number, body: SegmentBody) =>
  refreshed(staffApi.put<AdminSegment>(`/api/admin/segments/${id}`, { body }));

/** Retires a rule segment (POST /api/admin/segments/:id/retire); 409 names what targets it. */
export const retireSegment = (id: number, body: AdminSegmentRetireBody) =>
  refreshed(staffApi.post<AdminSegment>(`/api/admin/segments/${id}/retire`, { body }));
