import { sql } from 'drizzle-orm';
import { BetStatus, type PlaySessionResult } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import type { PlayRun } from './play-sessions.fns.ts';

const ms = (value: unknown) => new Date(Number(value));

/**
 * Play sessions read from the rounds table (decision 036): nothing is counted in memory or on
 * the round's hot path. Both reads use the (player_id, created_at) index of game_rounds.
 */
export function createPlaySessionsRepo(db: Database) {
  return {
    /**
     * The runs of the player's round starts within [since, until]: consecutive rounds no more
     * than `gapMs` apart form one run, answered as its first and last round start, oldest first.
     * A run that began before `since` is answered from its first round inside the window.
     */
    async runsBetween(
      playerId: string,
      since: Date,
      until: Date,
      gapMs: number,
      tx: Database = db,
    ): Promise<PlayRun[]> {
      const result: unknown = await tx.execute(sql`
        select (extract(epoch from min(created_at)) * 1000)::text as started,
          (extract(epoch from max(created_at)) * 1000)::text as last
        from (
          select created_at, sum(case when prev is null
              or created_at - prev > make_interval(secs => ${gapMs / 1000}) then 1 else 0 end)
            over (order by created_at rows unbounded preceding) as run
          from (
            select created_at, lag(created_at) over (order by created_at) as prev
            from game_rounds
            where player_id = ${playerId} and created_at >= ${since.toISOString()}
              and created_at <= ${until.toISOString()}
          ) r
        ) g
        group by run order by run`);
      return (result as { rows: { started: unknown; last: unknown }[] }).rows.map((row) => ({
        startedAt: ms(row.started),
        lastRoundAt: ms(row.last),
      }));
    },

    /**
     * What the rounds started in [since, until] staked and paid, per currency. Stakes count
     * unless the round was refunded (a rollback gave them back) or a free spin staked them (the
     * house's); payouts count once a round settled (an open round has paid nothing yet).
     */
    async resultsBetween(
      playerId: string,
      since: Date,
      until: Date,
      tx: Database = db,
    ): Promise<PlaySessionResult[]> {
      const result: unknown = await tx.execute(sql`
        select currency,
          coalesce(sum(bet) filter (where status <> ${BetStatus.Refunded}
            and free_spin_id is null), 0)::text as staked,
          coalesce(sum(payout) filter (where status not in (${BetStatus.Open},
            ${BetStatus.Refunded})), 0)::text as won
        from game_rounds
        where player_id = ${playerId} and created_at >= ${since.toISOString()}
          and created_at <= ${until.toISOString()}
        group by currency order by currency`);
      return (result as { rows: { currency: string; staked: unknown; won: unknown }[] }).rows.map(
        (row) => {
          const staked = Number(row.staked);
          const won = Number(row.won);
          return { currency: row.currency, staked, won, net: won - staked };
        },
      );
    },
  };
}
export type PlaySessionsRepo = ReturnType<typeof createPlaySessionsRepo>;
