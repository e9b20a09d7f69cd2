// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { GameSessionState, Round, RoundAnswer } from '@coinfall/shared';
import SlotGame from './slot-game.tsx';
import { viewOf } from './slot-test-views.ts';
import type { SlotSpinView } from './slot-view.fns.ts';

const ROUND_ID = '7b0e7c56-3d1f-4a55-9a53-2f0d8c1f2a10';

function roundOf(view: SlotSpinView, done: boolean): Round {
  return {
    id: ROUND_ID,
    game: 'frosty-fortunes',
    currency: 'SC',
    bet: 100,
    payout: view.payout,
    status: done ? (view.payout > 0 ? 2 : 3) : 1,
    params: {},
    view,
    done,
    nonce: 3,
    serverSeedHash: 'a'.repeat(64),
    clientSeed: 'seed',
    createdAt: '2026-01-01T00:00:00.000Z',
    settledAt: null,
  };
}

const answerOf = (round: Round, balance: number): RoundAnswer => ({
  round,
  balance,
  fairness: { serverSeedHash: 'a'.repeat(64), clientSeed: 'seed', nonce: 4 },
});

function sessionWith(openRound: Round | null): GameSessionState {
  return {
    game: {
      identity: 'frosty-fortunes',
      name: 'Frosty Fortunes',
      kind: 'slot',
      engine: 'slot:frosty-fortunes',
      rtp: '95.94',
      volatility: 'medium',
    },
    currency: 'SC',
    balance: 10_000,
    betLevels: [20, 50, 100],
    defaultBet: 50,
    openRound,
    fairness: { serverSeedHash: 'a'.repeat(64), clientSeed: 'seed', nonce: 3 },
    expiresAt: '2026-01-01T04:00:00.000Z',
  };
}

const freeView = (left: number, payout: number) =>
  viewOf({
    phase: 'free',
    freeSpins: { won: 0, left, played: 10 - left, multiplier: 3 },
    payout,
  });

describe('SlotGame', () => {
  beforeEach(() => {
    // Reduced motion: the reels land at once, so answers show without waiting for a spin.
    window.matchMedia = ((query: string) => ({
      matches: query.includes('reduce'),
      media: query,
    })) as unknown as typeof window.matchMedia;
  });
  afterEach(cleanup);

  it('plays a paid spin at the default bet and hands the answer to the frame', async () => {
    const won = viewOf({
      lineWins: [{ line: 2, symbol: 'SANTA', count: 3, ways: 1, winE4: 11_000 }],
      spinWinE4: 11_000,
      payout: 110,
    });
    const api = {
      startRound: vi.fn(async () => answerOf(roundOf(won, true), 10_060)),
      act: vi.fn(),
    };
    const onAnswer = vi.fn();
    render(<SlotGame session={sessionWith(null)} api={api} onAnswer={onAnswer} />);
    fireEvent.click(screen.getByRole('button', { name: 'Spin' }));
    await screen.findByText('3 × Santa on line 2, won 1.1 SC');
    expect(api.startRound).toHaveBeenCalledWith(50, {});
    expect(onAnswer).toHaveBeenCalledWith(expect.objectContaining({ balance: 10_060 }));
    expect(screen.getByTestId('slot-paylines').querySelector('polyline')).not.toBeNull();
  });

  it('celebrates a win of 10× the bet or more over the reels, until clicked away', async () => {
    const big = viewOf({
      lineWins: [{ line: 1, symbol: 'SANTA', count: 5, ways: 1, winE4: 100_000 }],
      spinWinE4: 100_000,
      payout: 1_000,
    });
    const api = {
      startRound: vi.fn(async () => answerOf(roundOf(big, true), 11_000)),
      act: vi.fn(),
    };
    render(<SlotGame session={sessionWith(null)} api={api} onAnswer={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Spin' }));
    const celebration = await screen.findByTestId('slot-big-win');
    expect(celebration.textContent).toContain('Big win!');
    // Reduced motion: the amount shows whole at once, no count-up.
    expect(screen.getByTestId('slot-win').textContent).toBe('Win: 10 SC');
    expect(screen.getByTestId('slot-win').dataset.tier).toBe('big');
    fireEvent.click(celebration);
    expect(screen.queryByTestId('slot-big-win')).toBeNull();
  });

  it('remembers the mute choice for the next visit', () => {
    localStorage.removeItem('slot_sound_muted');
    const api = { startRound: vi.fn(), act: vi.fn() };
    const first = render(<SlotGame session={sessionWith(null)} api={api} onAnswer={vi.fn()} />);
    const sound = screen.getByRole('button', { name: 'Sound' });
    expect(sound.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(sound);
    expect(sound.getAttribute('aria-pressed')).toBe('false');
    expect(localStorage.getItem('slot_sound_muted')).toBe('1');
    first.unmount();
    render(<SlotGame session={sessionWith(null)} api={api} onAnswer={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Sound' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
  });

  it('resumes an open free-spin round where it was and plays the next free spin with act', async () => {
    const api = {
      startRound: vi.fn(),
      act: vi.fn(async () => answerOf(roundOf(freeView(0, 900), true), 10_900)),
    };
    render(
      <SlotGame
        session={sessionWith(roundOf(freeView(4, 600), false))}
        api={api}
        onAnswer={vi.fn()}
      />,
    );
    expect(screen.getByTestId('slot-free-spins').textContent).toContain('Free spins: 4 left');
    expect(screen.getByText(/Your free spins are waiting/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Free spin' }));
    await waitFor(() =>
      expect(screen.getByTestId('slot-free-spins').textContent).toContain(
        'Free spins over: total win 9 SC',
      ),
    );
    expect(api.act).toHaveBeenCalledWith(ROUND_ID, { type: 'spin' });
    expect(api.startRound).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Spin' })).toBeTruthy();
  });

  it('spins on Space and is enabled again after a refused spin', async () => {
    let refuse: (error: Error) => void = () => undefined;
    const api = {
      startRound: vi.fn(() => new Promise<RoundAnswer>((_, reject) => (refuse = reject))),
      act: vi.fn(),
    };
    const onAnswer = vi.fn();
    render(<SlotGame session={sessionWith(null)} api={api} onAnswer={onAnswer} />);
    fireEvent.keyDown(document.body, { key: ' ' });
    expect(api.startRound).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('slot-spin')).toHaveProperty('disabled', true);
    await act(async () => refuse(new Error('INSUFFICIENT_FUNDS')));
    expect(screen.getByTestId('slot-spin')).toHaveProperty('disabled', false);
    expect(onAnswer).not.toHaveBeenCalled();
  });

  it('labels the reels and reads the window out', () => {
    render(
      <SlotGame
        session={sessionWith(null)}
        api={{ startRound: vi.fn(), act: vi.fn() }}
        onAnswer={vi.fn()}
      />,
    );
    const region = screen.getByRole('region', { name: 'Frosty Fortunes reels' });
    expect(region.textContent).toMatch(/^Reel 1: .+\. Reel 5: /);
  });
});
