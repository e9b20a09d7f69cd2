// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { PlayerSession, PlayerSessionList } from '@coinfall/shared/contracts/player';
import { playerQueryClient } from '../../../lib/query/player-queries.ts';
import { SessionsList } from './sessions-list.tsx';

const session = (id: string, current: boolean, browser: string): PlayerSession => ({
  id,
  device: { type: 'desktop', os: 'Linux', browser },
  ip: '203.0.113.7',
  location: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  lastSeenAt: '2026-03-01T11:00:00.000Z',
  current,
});

const LIST: PlayerSessionList = {
  data: [session('this', true, 'Chrome'), session('other', false, 'Firefox')],
  meta: { page: 1, perPage: 10, totalPages: 1, totalRows: 2 },
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('SessionsList', () => {
  let closeAnswer: () => Promise<Response>;
  let release: () => void;
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === 'PUT') return closeAnswer();
    if (url.startsWith('/api/player/sessions')) return json(LIST);
    return json({}, 404);
  });

  beforeAll(() => vi.stubGlobal('fetch', fetchMock));
  afterAll(() => vi.unstubAllGlobals());
  beforeEach(() => playerQueryClient.clear());
  afterEach(cleanup);

  it('lists sessions, marks this device and offers closing only the others', async () => {
    closeAnswer = async () => new Response(null, { status: 204 });
    render(<SessionsList />);
    expect(screen.getByRole('status').getAttribute('aria-busy')).toBe('true');
    await screen.findByText('Chrome on Linux (desktop)');
    expect(screen.getByText('This device')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /Close the session/ })).toHaveLength(1);
  });

  it('removes a closed session at once and puts it back when closing fails', async () => {
    const pending = new Promise<Response>((resolve) => {
      release = () => resolve(json({ code: 'INTERNAL', message: 'x', requestId: 'r' }, 500));
    });
    closeAnswer = () => pending;
    render(<SessionsList />);
    const close = await screen.findByRole('button', {
      name: 'Close the session on Firefox on Linux (desktop)',
    });
    fireEvent.click(close);
    await waitFor(() => expect(screen.queryByText('Firefox on Linux (desktop)')).toBeNull());
    await act(async () => release());
    await screen.findByText('Firefox on Linux (desktop)');
    expect(screen.getByRole('alert').textContent).toBe(
      'The session could not be closed. Please try again.',
    );
  });
});
