import { randomUUID } from 'node:crypto';
import {
  ACTIVITY_BOARD_CHANNEL,
  ACTIVITY_BOARD_SIZE,
  gameRoundSettledEventSchema,
  WINNERS_DEBOUNCE_MS,
  WINNERS_LATEST_SIZE,
  WINNERS_TOP_SIZE,
  WINNERS_TOP_WINDOW_MS,
  winnersChannel,
  type ActivityBoard,
  type DevRoundBody,
  type DeviceType,
  type RealtimeMessage,
  type WinnersBoard,
} from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import type { OutboxEvent, OutboxRecorder } from '../../platform/events/outbox.repo.ts';
import type { BatchOutcome } from '../../platform/events/outbox-dispatcher.ts';
import type { Broker } from '../realtime/broker.ts';
import {
  activityBetOf,
  boardKey,
  isActivityWin,
  liveRoundOf,
  winnerOf,
} from './live-boards.fns.ts';
import type { LiveBoardsRepo } from './live-boards.repo.ts';

const RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

interface Logger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * The public boards (decision 013): settled rounds land in live_rounds once per event; each win
 * is pushed to the activity board at once; a winner schedules its winners board to be rebuilt
 * and pushed whole `debounceMs` later. The delay starts at the first winner and is not pushed
 * back by the next ones: a burst coalesces into one publication, and a steady stream of winners
 * still publishes every `debounceMs` instead of never.
 */
export function createLiveBoardsService(deps: {
  db: Database;
  repo: LiveBoardsRepo;
  /** The outbox handler's and housekeeping's writes (on the background pool); `repo` if absent. */
  eventRepo?: LiveBoardsRepo;
  broker: Pick<Broker, 'publish' | 'publishMany'>;
  outbox: OutboxRecorder;
  log: Logger;
  debounceMs?: number;
  now?: () => Date;
}) {
  const { db, repo, broker, log } = deps;
  const eventRepo = deps.eventRepo ?? repo;
  const debounceMs = deps.debounceMs ?? WINNERS_DEBOUNCE_MS;
  const now = deps.now ?? (() => new Date());
  const pending = new Map<string, NodeJS.Timeout>();
  let stopped = false;

  async function winnersBoard(device: DeviceType, country: string): Promise<WinnersBoard> {
    const since = new Date(now().getTime() - WINNERS_TOP_WINDOW_MS);
    const [latest, top] = await Promise.all([
      repo.latestWinners(device, country, WINNERS_LATEST_SIZE),
      repo.topWinners(device, country, since, WINNERS_TOP_SIZE),
    ]);
    return { device, country, latest: latest.map(winnerOf), top: top.map(winnerOf) };
  }

  async function publishWinners(device: DeviceType, country: string): Promise<void> {
    const board = await winnersBoard(device, country);
    const message: RealtimeMessage<WinnersBoard> = { event: 'winners.updated', data: board };
    await broker.publish(winnersChannel(device, country), message);
  }

  function scheduleWinners(device: DeviceType, country: string): void {
    const key = boardKey(device, country);
    if (stopped || pending.has(key)) return;
    const timer = setTimeout(() => {
      pending.delete(key);
      // The rows are stored already; a failed push is only late: the next winner republishes.
      publishWinners(device, country).catch((err: unknown) =>
        log.error({ err, device, country }, 'winners board not published'),
      );
    }, debounceMs);
    timer.unref();
    pending.set(key, timer);
  }

  return {
    /**
     * Outbox handler. Runs again on redelivery: the row is not inserted twice, but the activity
     * push is repeated (with the same id) because the first delivery may have died before it.
     */
    async onEvent(event: OutboxEvent): Promise<void> {
      if (event.type !== 'game.round.settled') return;
      const parsed = gameRoundSettledEventSchema.safeParse(event.payload);
      if (!parsed.success) {
        // Retrying cannot fix a payload: drop it, loudly, rather than hold up the outbox.
        log.error({ eventId: event.id, issues: parsed.error.issues }, 'bad game.round.settled');
        return;
      }
      const round = liveRoundOf(event.id, parsed.data);
      await eventRepo.insertRound(round);
      if (isActivityWin(round.bet, round.payout)) {
        const message: RealtimeMessage = {
          event: 'activity-board.updated',
          id: event.id,
          data: activityBetOf(round),
        };
        await broker.publish(ACTIVITY_BOARD_CHANNEL, message);
      }
      if (round.isWinner) scheduleWinners(round.device, round.country);
    },

    /**
     * `onEvent` for a read of the outbox (decision 044): its rounds in one insert, then the
     * activity pushes in order in one exchange with the broker. A failed push stops the read at
     * its event (the rows are in; a redelivery inserts nothing and pushes again).
     */
    async onEvents(events: OutboxEvent[]): Promise<BatchOutcome> {
      const rounds: { index: number; round: ReturnType<typeof liveRoundOf> }[] = [];
      events.forEach((event, index) => {
        if (event.type !== 'game.round.settled') return;
        const parsed = gameRoundSettledEventSchema.safeParse(event.payload);
        if (!parsed.success) {
          log.error({ eventId: event.id, issues: parsed.error.issues }, 'bad game.round.settled');
          return;
        }
        rounds.push({ index, round: liveRoundOf(event.id, parsed.data) });
      });
      if (rounds.length === 0) return { handled: events.length };
      await eventRepo.insertRounds(rounds.map((r) => r.round));
      const pushes = rounds
        .filter(({ round }) => isActivityWin(round.bet, round.payout))
        .map(({ index, round }) => ({
          index,
          channel: ACTIVITY_BOARD_CHANNEL,
          data: {
            event: 'activity-board.updated',
            id: events[index]!.id,
            data: activityBetOf(round),
          } satisfies RealtimeMessage,
        }));
      let published = 0;
      let error: unknown;
      if (broker.publishMany) ({ published, error } = await broker.publishMany(pushes));
      else {
        try {
          for (const push of pushes) {
            await broker.publish(push.channel, push.data);
            published += 1;
          }
        } catch (err) {
          error = err;
        }
      }
      const handled = published === pushes.length ? events.length : pushes[published]!.index;
      for (const { index, round } of rounds) {
        if (index < handled && round.isWinner) scheduleWinners(round.device, round.country);
      }
      return handled === events.length ? { handled } : { handled, error };
    },

    winnersBoard,

    async activityBoard(): Promise<ActivityBoard> {
      const rounds = await repo.latestWins(ACTIVITY_BOARD_SIZE);
      return { data: rounds.map(activityBetOf) };
    },

    /** Sandbox: a settled round as the game server will record it. */
    async recordDevRound(body: DevRoundBody): Promise<{ roundId: string }> {
      const roundId = `dev-${randomUUID()}`;
      const playerId = body.playerId ?? randomUUID();
      await db.transaction(async (tx) => {
        await deps.outbox.record(tx, {
          type: 'game.round.settled',
          playerId,
          payload: { ...body, roundId, playerId, settledAt: now().toISOString() },
        });
      });
      return { roundId };
    },

    async prune(): Promise<void> {
      await eventRepo.pruneBefore(new Date(now().getTime() - RETENTION_MS));
    },

    stop(): void {
      stopped = true;
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    },
  };
}
export type LiveBoardsService = ReturnType<typeof createLiveBoardsService>;
