// @vitest-environment jsdom
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { playerQueryClient, usePlayerQuery } from './player-queries';

// act() flushes React's work in this environment as in a browser.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const KEY = ['test', 'balance'] as const;
const options = { queryKey: KEY, queryFn: () => Promise.resolve('10,000 GC'), staleTime: 60_000 };

function Balance() {
  const query = usePlayerQuery(options);
  return <span>{query.data ?? 'loading'}</span>;
}

afterEach(() => playerQueryClient.clear());

describe('usePlayerQuery', () => {
  it('hydrates as the server rendered even when the data arrived first, then shows it', async () => {
    // The server has no player data: it renders the pending state.
    const html = renderToString(<Balance />);
    expect(html).toContain('loading');

    // Another part of the page fetched it before this part hydrated (a late Suspense boundary).
    playerQueryClient.setQueryData(KEY, '10,000 GC');
    const container = document.createElement('div');
    container.innerHTML = html;
    const recoverable: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <Balance />, { onRecoverableError: (e) => recoverable.push(e) });
    });

    expect(recoverable).toEqual([]);
    expect(container.textContent).toBe('10,000 GC');
  });

  it('a plain mount (no hydration) shows cached data at once', async () => {
    playerQueryClient.setQueryData(KEY, '5 SC');
    const { createRoot } = await import('react-dom/client');
    const container = document.createElement('div');
    await act(async () => createRoot(container).render(<Balance />));
    expect(container.textContent).toBe('5 SC');
  });
});
