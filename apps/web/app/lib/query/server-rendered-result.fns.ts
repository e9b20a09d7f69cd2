import type { QueryObserverResult } from '@tanstack/react-query';

/** What a query's result says on the server, where the player's cache is always empty. */
const NOTHING_YET = {
  data: undefined,
  error: null,
  status: 'pending',
  isPending: true,
  isSuccess: false,
  isError: false,
  isLoadingError: false,
  isRefetchError: false,
  isRefetching: false,
  isFetched: false,
  isFetchedAfterMount: false,
  isPlaceholderData: false,
  isStale: true,
  dataUpdatedAt: 0,
  errorUpdatedAt: 0,
  errorUpdateCount: 0,
  failureCount: 0,
  failureReason: null,
} as const;

/**
 * The result as the server rendered it: no data, no error, and fetching when the query is
 * enabled (an empty cache fetches on mount). Everything else (refetch, promise, …) is read from
 * the real result, which keeps TanStack's tracking of the properties a component reads.
 */
export function asServerRendered<R extends QueryObserverResult<unknown, unknown>>(
  result: R,
  enabled: boolean,
): R {
  const overrides: Record<PropertyKey, unknown> = {
    ...NOTHING_YET,
    fetchStatus: enabled ? 'fetching' : 'idle',
    isFetching: enabled,
    isLoading: enabled,
    isInitialLoading: enabled,
  };
  return new Proxy(result, {
    get: (target, key, receiver) =>
      Object.hasOwn(overrides, key) ? overrides[key] : Reflect.get(target, key, receiver),
  });
}
