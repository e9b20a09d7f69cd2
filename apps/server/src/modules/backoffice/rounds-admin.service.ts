import {
  BetStatus,
  type AdminBigWin,
  type AdminRoundDetail,
  type AdminRoundRow,
  type AdminRoundSearchQuery,
  type Round,
  type RoundReplay,
} from '@coinfall/shared';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { pageMeta } from '../player/player.fns.ts';
import type { AuditRepo } from './audit.repo.ts';
import type { RoundsAdminRepo, RoundsAdminRow } from './rounds-admin.repo.ts';
import type { StaffActor } from './staff-auth.service.ts';

/** The game server's capabilities the back office uses (rgs wiring's staffRounds). */
export interface StaffRoundsCapabilities {
  replay(roundId: string): Promise<RoundReplay>;
  rollback(
    roundId: string,
    reason: string,
    onRolledBack?: (tx: Database, round: Round) => Promise<void>,
  ): Promise<Round>;
}

const deliverySchema = z.enum(['pending', 'sent', 'failed', 'not_configured']);

const toRow = ({ round, playerEmail, game, gameName }: RoundsAdminRow): AdminRoundRow => ({
  id: round.id,
  playerId: round.playerId,
  playerEmail,
  game,
  gameName,
  currency: round.currency,
  bet: round.bet,
  payout: round.payout,
  bonusBet: round.bonusBet,
  freeSpin: round.freeSpinId !== null,
  status: round.status,
  createdAt: round.createdAt.toISOString(),
  settledAt: round.settledAt?.toISOString() ?? null,
});

/**
 * Game rounds for staff (issue 17, decision 037): search, one round with its replay and ledger
 * postings, the rollback of an open round (the game server's own use case, the audit row in its
 * transaction), and the big-win alerts the game server recorded.
 */
export function createRoundsAdminService(deps: {
  db: Database;
  repo: RoundsAdminRepo;
  audit: Pick<AuditRepo, 'insert'>;
  rounds: StaffRoundsCapabilities;
}) {
  const { db, repo } = deps;

  async function detail(roundId: string): Promise<AdminRoundDetail> {
    const row = await repo.find(db, roundId);
    if (!row) throw AppError.notFound('Round');
    const [replay, postings] = await Promise.all([
      deps.rounds.replay(roundId),
      repo.postings(db, roundId),
    ]);
    return {
      summary: toRow(row),
      replay,
      postings: postings.map((p) => ({ ...p, at: p.at.toISOString() })),
    };
  }

  return {
    async search(query: AdminRoundSearchQuery) {
      const { rows, total } = await repo.search(db, query);
      return { data: rows.map(toRow), meta: pageMeta(query.page, query.perPage, total) };
    },

    detail,

    /** Refunds an open round's stakes (409 ROUND_CLOSED once settled); audited with the reason. */
    async rollback(actor: StaffActor, roundId: string, reason: string): Promise<AdminRoundDetail> {
      await deps.rounds.rollback(roundId, reason, (tx, round) =>
        deps.audit.insert(tx, {
          staffId: actor.staffId,
          action: 'round.rolled-back',
          targetType: 'round',
          targetId: round.id,
          before: { status: BetStatus.Open },
          after: { status: round.status, refund: round.payout, currency: round.currency },
          reason,
          requestId: actor.requestId,
        }),
      );
      return detail(roundId);
    },

    async bigWins(query: {
      playerId?: string;
      from?: string;
      to?: string;
      page: number;
      perPage: number;
    }) {
      const { rows, total } = await repo.bigWins(db, query);
      const data: AdminBigWin[] = rows.map(({ alert, playerEmail }) => ({
        roundId: alert.roundId,
        playerId: alert.playerId,
        playerEmail,
        game: alert.game,
        currency: alert.currency,
        bet: alert.bet,
        payout: alert.payout,
        delivery: deliverySchema.catch('pending').parse(alert.delivery),
        createdAt: alert.createdAt.toISOString(),
      }));
      return { data, meta: pageMeta(query.page, query.perPage, total) };
    },
  };
}
export type RoundsAdminService = ReturnType<typeof createRoundsAdminService>;
