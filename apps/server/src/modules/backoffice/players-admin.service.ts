import {
  PlayerStatus,
  type AdminPasswordResetResult,
  type AdminPlayerList,
  type AuditAction,
  type PlayerStatusAction,
  type AdminPlayerProfile,
  type AdminPlayerRow,
  type AdminPlayerSearchQuery,
} from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import type { players } from '../../db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import type { SessionChanges } from '../../platform/sessions/session-changes.ts';
import { pageMeta } from '../player/player.fns.ts';
import type { PlayerRepo } from '../player/player.repo.ts';
import type { AuditRepo } from './audit.repo.ts';
import type { PlayersAdminRepo } from './players-admin.repo.ts';
import type { ProtectionAdminService } from './protection-admin.service.ts';
import type { StaffActor } from './staff-auth.service.ts';
import { refundOf } from './invoice-refund.fns.ts';
import { statusChange } from './player-status.fns.ts';

type PlayerRow = typeof players.$inferSelect;

const toRow = (p: PlayerRow): AdminPlayerRow => ({
  id: p.id,
  email: p.email,
  nickname: p.nickname,
  phone: p.phone,
  country: p.country,
  status: p.status,
  kycVerified: p.kycVerified,
  removed: p.removedAt !== null,
  createdAt: p.createdAt.toISOString(),
});

/** The player module's side of a forced password reset (passwords.service.ts). */
export interface ForcedPasswordResets {
  revokePassword(tx: Database, playerId: string): Promise<number>;
  /** False when the mail could not be sent (logged there). */
  mailForcedReset(player: { id: string; email: string }): Promise<boolean>;
}

const STATUS_AUDIT = {
  block: 'player.blocked',
  unblock: 'player.unblocked',
  limit: 'player.limited',
  unlimit: 'player.unlimited',
} as const satisfies Record<PlayerStatusAction, AuditAction>;

/** Search, profile, status (block, limit and back), forced password reset (issue 17 "Players"). */
export function createPlayersAdminService(deps: {
  db: Database;
  repo: PlayersAdminRepo;
  players: Pick<PlayerRepo, 'findPlayerById' | 'lockPlayer' | 'setStatus' | 'endSessionsExcept'>;
  forcedResets: ForcedPasswordResets;
  protection: Pick<ProtectionAdminService, 'view'>;
  audit: Pick<AuditRepo, 'insert'>;
  sessionChanges: Pick<SessionChanges, 'publish'>;
  now?: () => Date;
}) {
  const { db, repo } = deps;
  const now = deps.now ?? (() => new Date());

  /** The player under their row lock: two staff actions on one player queue (decision 070). */
  async function lockedPlayer(tx: Database, playerId: string) {
    if (!(await deps.players.lockPlayer(tx, playerId))) throw AppError.notFound('Player');
    const player = await deps.players.findPlayerById(playerId, tx);
    if (!player) throw AppError.notFound('Player');
    if (player.removedAt) throw new AppError('CONFLICT', 'The account was removed');
    return player;
  }

  /**
   * Writes the status (`statusChange` says what it becomes), and on a block ends every session
   * in the same transaction; the bus then tells every node, which drops its cached sessions and
   * closes the player's sockets.
   */
  async function changeStatus(
    actor: StaffActor,
    playerId: string,
    action: PlayerStatusAction,
    reason: string,
  ): Promise<AdminPlayerRow> {
    const at = now();
    const row = await db.transaction(async (tx) => {
      const before = await lockedPlayer(tx, playerId);
      const change = statusChange(action, before);
      if (!change.ok) throw new AppError('CONFLICT', change.reason, { status: before.status });
      const updated = await deps.players.setStatus(playerId, change, at, tx);
      const endedSessions =
        action === 'block' ? await deps.players.endSessionsExcept(playerId, null, at, tx) : 0;
      await deps.audit.insert(tx, {
        staffId: actor.staffId,
        action: STATUS_AUDIT[action],
        targetType: 'player',
        targetId: playerId,
        before: { status: before.status },
        after: { status: change.status, ...(action === 'block' ? { endedSessions } : {}) },
        reason,
        requestId: actor.requestId,
        at,
      });
      return updated!;
    });
    // Every change alters what the player may do: nodes holding the old status read it again.
    await deps.sessionChanges.publish({ playerIds: [playerId] });
    return toRow(row);
  }

  return {
    async search(query: AdminPlayerSearchQuery): Promise<AdminPlayerList> {
      const { rows, total } = await repo.search(db, query);
      return { data: rows.map(toRow), meta: pageMeta(query.page, query.perPage, total) };
    },

    async profile(playerId: string): Promise<AdminPlayerProfile> {
      const player = await deps.players.findPlayerById(playerId, db);
      if (!player) throw AppError.notFound('Player');
      const parts = await repo.profileParts(db, playerId);
      const protection = await deps.protection.view(playerId, player.receiveEmailPromo);
      return {
        player: {
          ...toRow(player),
          firstName: player.firstName,
          lastName: player.lastName,
          birthdate: player.birthdate,
          emailConfirmed: player.emailConfirmedAt !== null,
          phoneConfirmed: player.phoneConfirmed,
          segmentIds: player.segmentIds,
        },
        liveSessions: parts.liveSessions,
        balances: parts.accounts
          .filter((a) => a.ownerKind !== 'house')
          .map((a) => ({
            currency: a.currency,
            kind: a.ownerKind === 'bonus' ? ('bonus' as const) : ('cash' as const),
            balance: a.balance,
            active: a.status === 1,
          })),
        limits: parts.limits.map((l) => ({
          type: l.type,
          period: l.period,
          currency: l.currency,
          amount: l.amount,
          pendingAmount: l.pendingAmount,
        })),
        ledger: parts.ledger.map((e) => ({ ...e, at: e.at.toISOString() })),
        rounds: parts.rounds.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
        invoices: parts.invoices.map((i) => ({
          id: i.id,
          type: i.type,
          status: i.status,
          amount: i.amount,
          currency: i.currency,
          createdAt: i.createdAt.toISOString(),
          failureCode: i.failureCode,
          refund: refundOf(i),
        })),
        bonuses: parts.bonuses.map((b) => ({
          id: b.id,
          status: b.status,
          currency: b.currency,
          amount: b.amount,
          wagered: b.wagered,
          wageringRequired: b.wageringRequired,
          issuedAt: b.issuedAt.toISOString(),
        })),
        protection,
        devices: parts.devices.map((d) => ({
          visitorId: d.visitorId,
          firstSeenAt: d.firstSeenAt.toISOString(),
          lastSeenAt: d.lastSeenAt.toISOString(),
          count: d.seenCount,
        })),
        sharedDevices: parts.sharedDevices.map((p) => ({
          ...p,
          lastSeenAt: p.lastSeenAt.toISOString(),
        })),
      };
    },

    changeStatus,

    /**
     * The password stops working and every session ends at once; the player gets a mail with a
     * link to choose a new one (after commit: a mail that fails to go leaves "Forgot password").
     */
    async forcePasswordReset(
      actor: StaffActor,
      playerId: string,
      reason: string,
    ): Promise<AdminPasswordResetResult> {
      const at = now();
      const player = await db.transaction(async (tx) => {
        const locked = await lockedPlayer(tx, playerId);
        const endedSessions = await deps.forcedResets.revokePassword(tx, playerId);
        await deps.audit.insert(tx, {
          staffId: actor.staffId,
          action: 'player.password-reset-forced',
          targetType: 'player',
          targetId: playerId,
          before: null,
          after: { endedSessions },
          reason,
          requestId: actor.requestId,
          at,
        });
        return locked;
      });
      await deps.sessionChanges.publish({ playerIds: [playerId] });
      // A blocked player gets no link (as "Forgot password" sends none): they ask once unblocked.
      if (player.status === PlayerStatus.Blocked) return { mailSent: false };
      return { mailSent: await deps.forcedResets.mailForcedReset(player) };
    },
  };
}
export type PlayersAdminService = ReturnType<typeof createPlayersAdminService>;
