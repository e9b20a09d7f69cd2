import { and, desc, eq, gt, gte, lt, sql } from 'drizzle-orm';
import type { DeviceType } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { liveRounds } from '../../db/schema/index.ts';
import type { LiveRound } from './live-boards.fns.ts';

/** Everything a board shows; player_id is deliberately not read. */
const publicColumns = {
  roundId: liveRounds.roundId,
  nickname: liveRounds.nickname,
  gameId: liveRounds.gameId,
  gameName: liveRounds.gameName,
  currency: liveRounds.currency,
  bet: liveRounds.bet,
  payout: liveRounds.payout,
  device: liveRounds.device,
  country: liveRounds.country,
  isWinner: liveRounds.isWinner,
  settledAt: liveRounds.settledAt,
};
export type PublicRound = Omit<LiveRound, 'playerId' | 'eventId'>;

const boardRows = (rows: (Omit<PublicRound, 'device'> & { device: string })[]) =>
  rows as PublicRound[];

export function createLiveBoardsRepo(db: Database) {
  const winnersOf = (device: DeviceType, country: string) =>
    and(
      eq(liveRounds.isWinner, true),
      eq(liveRounds.device, device),
      eq(liveRounds.country, country),
    );

  return {
    /** Once per event: a redelivered event finds its row and inserts nothing (returns false). */
    async insertRound(round: LiveRound, tx: Database = db): Promise<boolean> {
      const rows = await tx
        .insert(liveRounds)
        .values(round)
        .onConflictDoNothing({ target: liveRounds.eventId })
        .returning({ id: liveRounds.id });
      return rows.length > 0;
    },

    /** `insertRound` of many, one statement (a read of the outbox, decision 044). */
    async insertRounds(rounds: LiveRound[], tx: Database = db): Promise<void> {
      if (rounds.length === 0) return;
      await tx
        .insert(liveRounds)
        .values(rounds)
        .onConflictDoNothing({ target: liveRounds.eventId });
    },

    async latestWinners(device: DeviceType, country: string, limit: number, tx: Database = db) {
      return boardRows(
        await tx
          .select(publicColumns)
          .from(liveRounds)
          .where(winnersOf(device, country))
          .orderBy(desc(liveRounds.settledAt), desc(liveRounds.id))
          .limit(limit),
      );
    },

    /** Ranked by the multiplier as shown (2 decimals), then by payout, then the latest. */
    async topWinners(
      device: DeviceType,
      country: string,
      since: Date,
      limit: number,
      tx: Database = db,
    ) {
      return boardRows(
        await tx
          .select(publicColumns)
          .from(liveRounds)
          .where(and(winnersOf(device, country), gte(liveRounds.settledAt, since)))
          .orderBy(
            desc(sql`round(${liveRounds.payout}::numeric / ${liveRounds.bet}, 2)`),
            desc(liveRounds.payout),
            desc(liveRounds.settledAt),
          )
          .limit(limit),
      );
    },

    async latestWins(limit: number, tx: Database = db) {
      return boardRows(
        await tx
          .select(publicColumns)
          .from(liveRounds)
          // isActivityWin: more paid than staked.
          .where(gt(liveRounds.payout, liveRounds.bet))
          .orderBy(desc(liveRounds.settledAt), desc(liveRounds.id))
          .limit(limit),
      );
    },

    /** Served by the settled_at index, so a run with nothing to delete costs one probe. */
    async pruneBefore(cutoff: Date, tx: Database = db): Promise<number> {
      const rows = await tx
        .delete(liveRounds)
        .where(lt(liveRounds.settledAt, cutoff))
        .returning({ id: liveRounds.id });
      return rows.length;
    },
  };
}
export type LiveBoardsRepo = ReturnType<typeof createLiveBoardsRepo>;
