import { useCallback, useEffect, useRef, useState } from 'react';
import {
  ACTIVITY_BOARD_CHANNEL,
  ACTIVITY_BOARD_SIZE,
  winnersChannel,
  type ActivityBet,
  type WinnersBoard,
} from '@coinfall/shared/contracts/realtime';
import type { DeviceType } from '@coinfall/shared/contracts/events';
import { listenToChannel } from '../realtime/realtime-client.ts';
import { fetchActivityBoard, fetchWinnersBoard } from './boards-api.ts';
import { prependActivity } from './live-boards.fns.ts';

export type BoardState<T> =
  { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: T };

/**
 * The winners board of a device type and country: first read over HTTP, then replaced by every
 * `winners.updated` of its channel. `onUpdate` sees each live board with the one before it.
 */
export function useWinnersBoard(
  device: DeviceType,
  country: string | undefined,
  onUpdate?: (next: WinnersBoard, previous: WinnersBoard | undefined) => void,
): { state: BoardState<WinnersBoard>; retry: () => void } {
  const [state, setState] = useState<BoardState<WinnersBoard>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const latest = useRef<WinnersBoard | undefined>(undefined);
  const notify = useRef(onUpdate);
  useEffect(() => {
    notify.current = onUpdate;
  });

  useEffect(() => {
    if (!country) return undefined;
    const aborter = new AbortController();
    let live = false;
    const load = () => {
      fetchWinnersBoard(device, country, aborter.signal).then(
        (board) => {
          // A live board that arrived meanwhile is newer than this answer.
          if (live) return;
          latest.current = board;
          setState({ status: 'ready', data: board });
        },
        () => {
          if (!aborter.signal.aborted && !live) setState({ status: 'error' });
        },
      );
    };
    latest.current = undefined;
    load();
    const stop = listenToChannel(winnersChannel(device, country), {
      onMessage: (message) => {
        if (message.event !== 'winners.updated') return;
        const board = message.data as WinnersBoard;
        const previous = latest.current;
        live = true;
        latest.current = board;
        setState({ status: 'ready', data: board });
        notify.current?.(board, previous);
      },
      onResync: (cause) => {
        // The board was just loaded on mount; a missed winner before the first subscribe is
        // replaced by the next whole board anyway.
        if (cause === 'first') return;
        live = false;
        load();
      },
    });
    return () => {
      aborter.abort();
      stop();
    };
  }, [device, country, attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return { state, retry };
}

/**
 * The activity board: first read over HTTP, then each `activity-board.updated` on top, keeping
 * ACTIVITY_BOARD_SIZE rows. `lastLive` is the newest row that came live (for the announcement).
 */
export function useActivityBoard(): {
  state: BoardState<readonly ActivityBet[]>;
  lastLive: ActivityBet | undefined;
  retry: () => void;
} {
  const [state, setState] = useState<BoardState<readonly ActivityBet[]>>({ status: 'loading' });
  const [lastLive, setLastLive] = useState<ActivityBet>();
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const aborter = new AbortController();
    // Rows that came live before the first read answered are kept on top of it.
    let pending: readonly ActivityBet[] = [];
    let loaded = false;
    const load = () => {
      fetchActivityBoard(aborter.signal).then(
        (board) => {
          loaded = true;
          const rows = pending.reduceRight(
            (list, bet) => prependActivity(list, bet, ACTIVITY_BOARD_SIZE),
            board.data.slice(0, ACTIVITY_BOARD_SIZE) as readonly ActivityBet[],
          );
          pending = [];
          setState({ status: 'ready', data: rows });
        },
        () => {
          if (!aborter.signal.aborted) setState({ status: 'error' });
        },
      );
    };
    load();
    const stop = listenToChannel(ACTIVITY_BOARD_CHANNEL, {
      onMessage: (message) => {
        if (message.event !== 'activity-board.updated') return;
        const bet = message.data as ActivityBet;
        setLastLive(bet);
        if (!loaded) {
          pending = prependActivity(pending, bet, ACTIVITY_BOARD_SIZE);
          return;
        }
        setState((current) =>
          current.status === 'ready'
            ? { status: 'ready', data: prependActivity(current.data, bet, ACTIVITY_BOARD_SIZE) }
            : current,
        );
      },
      // Loaded on mount; a bet missed before the first subscribe is one line of a live feed.
      onResync: (cause) => {
        if (cause === 'gap') load();
      },
    });
    return () => {
      aborter.abort();
      stop();
    };
  }, [attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return { state, lastLive, retry };
}
