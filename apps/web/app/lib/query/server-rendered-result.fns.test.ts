import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { asServerRendered } from './server-rendered-result.fns';

function successResult() {
  const client = new QueryClient();
  client.setQueryData(['k'], 42);
  return new QueryObserver(client, { queryKey: ['k'], staleTime: Infinity }).getCurrentResult();
}

describe('asServerRendered', () => {
  it('hides data and success, and fetches when enabled, as the server rendered it', () => {
    const real = successResult();
    expect(real.data).toBe(42);
    const shown = asServerRendered(real, true);
    expect(shown.data).toBeUndefined();
    expect(shown.status).toBe('pending');
    expect(shown.isPending).toBe(true);
    expect(shown.isSuccess).toBe(false);
    expect(shown.isFetching).toBe(true);
    expect(shown.fetchStatus).toBe('fetching');
    // What is not the query's state is the real result's.
    expect(shown.refetch).toBe(real.refetch);
  });

  it('a disabled query is idle on the server', () => {
    const shown = asServerRendered(successResult(), false);
    expect(shown.isFetching).toBe(false);
    expect(shown.fetchStatus).toBe('idle');
    expect(shown.isLoading).toBe(false);
  });
});
