// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Funnel } from '../lib/funnel/funnel.fns';
import { useQueryTracking } from './use-query-tracking';

const OPEN: Funnel = { abGroup: 'A', funnelType: 'open' };

function Tracker({ auth, funnel }: { auth: boolean; funnel: Funnel }) {
  useQueryTracking(auth, funnel);
  return null;
}

function setup(initial: string, auth = false, funnel: Funnel = OPEN) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <Tracker auth={auth} funnel={funnel} /> },
      { path: '/games', element: <Tracker auth={auth} funnel={funnel} /> },
    ],
    { initialEntries: [initial] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('useQueryTracking', () => {
  beforeEach(() => localStorage.clear());

  it('adds is_auth and keeps the campaign parameters across navigations, without new history entries', async () => {
    const router = setup('/?utm_source=mail&utm_campaign=xmas');
    await act(async () => {});
    expect(router.state.location.search).toBe('?utm_source=mail&utm_campaign=xmas&is_auth=false');
    expect(JSON.parse(localStorage.getItem('utm_params') ?? '{}')).toEqual({
      utm_source: 'mail',
      utm_campaign: 'xmas',
    });

    await act(() => router.navigate('/games'));
    expect(router.state.location.pathname).toBe('/games');
    expect(router.state.location.search).toBe('?is_auth=false&utm_source=mail&utm_campaign=xmas');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('reflects the login state in is_auth', async () => {
    const router = setup('/', true);
    await act(async () => {});
    expect(router.state.location.search).toBe('?is_auth=true');
  });

  it('records the first visit once', async () => {
    setup('/?stag=aff-7&utm_source=mail');
    await act(async () => {});
    const uid = localStorage.getItem('uid');
    expect(uid).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(localStorage.getItem('amp_reg_params') ?? '{}')).toEqual({
      stag: 'aff-7',
      utm_source: 'mail',
    });
    expect(localStorage.getItem('ab_group')).toBe('A');
    expect(localStorage.getItem('funnel_type')).toBe('open');
    expect(localStorage.getItem('affiliateTag')).toBe('aff-7');

    setup('/');
    await act(async () => {});
    expect(localStorage.getItem('uid')).toBe(uid);
  });

  it('keeps the funnel the server chose in local storage, also when it changes', async () => {
    localStorage.setItem('ab_group', 'B');
    localStorage.setItem('funnel_type', 'semi-closed');
    setup('/?utm_campaign=spring', false, { abGroup: 'A', funnelType: 'semi-closed' });
    await act(async () => {});
    expect(localStorage.getItem('ab_group')).toBe('A');
    expect(localStorage.getItem('funnel_type')).toBe('semi-closed');
  });
});
