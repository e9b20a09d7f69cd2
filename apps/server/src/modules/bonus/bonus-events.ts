import {
  BonusStatus,
  FreeSpinStatus,
  type PlayerBonus,
  type PlayerBonusCode,
  type PlayerFreeSpin,
} from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import type { OutboxRepo } from '../../platform/events/outbox.repo.ts';
import type { PlayerBonusCodeRecord } from './bonus-codes.repo.ts';
import type { PlayerBonusRecord, PlayerFreeSpinRecord } from './bonus.repo.ts';

type BonusStatusValue = PlayerBonus['status'];
type BonusResultValue = PlayerBonus['result'];
type SpinStatusValue = PlayerFreeSpin['status'];
type SpinResultValue = PlayerFreeSpin['result'];

/** A bonus row as the site sees it; `balance` is the bonus account's, shown while active. */
export function toPlayerBonus(row: PlayerBonusRecord, balance: number): PlayerBonus {
  const active = row.status === BonusStatus.Active;
  return {
    id: row.id,
    bonusId: row.bonusId,
    bonusSlug: row.slug,
    kind: row.kind,
    status: row.status as BonusStatusValue,
    result: row.result as BonusResultValue,
    currency: row.currency,
    amount: row.amount,
    balance: active ? balance : 0,
    wagered: row.wagered,
    wageringRequired: row.wageringRequired,
    maxBet: row.maxBet,
    contributions: row.contributions,
    expiresAt: row.status === BonusStatus.Finished ? null : row.expiresAt.toISOString(),
    issuedAt: row.issuedAt.toISOString(),
    activatedAt: row.activatedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    ...(row.loyalty ? { loyalty: row.loyalty } : {}),
  };
}

export function toPlayerFreeSpin(row: PlayerFreeSpinRecord): PlayerFreeSpin {
  return {
    id: row.id,
    bonusId: row.bonusId,
    gameId: row.gameId,
    game: row.game,
    count: row.count,
    used: row.used,
    bet: row.bet,
    won: row.won,
    payout: row.payout,
    currency: row.currency,
    status: row.status as SpinStatusValue,
    result: row.result as SpinResultValue,
    expiresAt: row.status === FreeSpinStatus.Finished ? null : row.expiresAt.toISOString(),
    issuedAt: row.issuedAt.toISOString(),
    activatedAt: row.activatedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    ...(row.loyalty ? { loyalty: row.loyalty } : {}),
  };
}

export function toPlayerBonusCode(row: PlayerBonusCodeRecord): PlayerBonusCode {
  return {
    playerBonusCodeId: row.id,
    bonusCode: row.code,
    trigger: row.trigger,
    // Removed rows are never shown: the repo lists pending and applied ones only.
    state: row.state === 'applied' ? 'applied' : 'pending',
    createdAt: row.createdAt.toISOString(),
    appliedAt: row.appliedAt?.toISOString() ?? null,
  };
}

/** Records each change's event through the outbox, in the transaction that made the change. */
export function createBonusEvents(outbox: Pick<OutboxRepo, 'record' | 'recordMany'>) {
  return {
    bonusChanged: (tx: Database, row: PlayerBonusRecord, balance: number) =>
      outbox.record(tx, {
        type: 'bonus.player-bonus.updated',
        playerId: row.playerId,
        payload: { playerId: row.playerId, bonus: toPlayerBonus(row, balance) },
      }),

    freeSpinsChanged: (tx: Database, row: PlayerFreeSpinRecord) =>
      outbox.record(tx, {
        type: 'bonus.player-freespin.updated',
        playerId: row.playerId,
        payload: { playerId: row.playerId, freeSpin: toPlayerFreeSpin(row) },
      }),

    /** The expiry job's: one statement for a batch of finished bonuses (their balance is 0). */
    bonusesExpired: (tx: Database, rows: PlayerBonusRecord[]) =>
      outbox.recordMany(
        tx,
        rows.map((row) => ({
          type: 'bonus.player-bonus.updated' as const,
          playerId: row.playerId,
          payload: { playerId: row.playerId, bonus: toPlayerBonus(row, 0) },
        })),
      ),

    freeSpinsExpired: (tx: Database, rows: PlayerFreeSpinRecord[]) =>
      outbox.recordMany(
        tx,
        rows.map((row) => ({
          type: 'bonus.player-freespin.updated' as const,
          playerId: row.playerId,
          payload: { playerId: row.playerId, freeSpin: toPlayerFreeSpin(row) },
        })),
      ),

    codeChanged: (tx: Database, playerId: string, row: PlayerBonusCodeRecord) =>
      outbox.record(tx, {
        type: 'bonus.player-bonus-code.updated',
        playerId,
        payload: { playerId, code: toPlayerBonusCode(row), removedId: null },
      }),

    codeRemoved: (tx: Database, playerId: string, id: number) =>
      outbox.record(tx, {
        type: 'bonus.player-bonus-code.updated',
        playerId,
        payload: { playerId, code: null, removedId: id },
      }),
  };
}
export type BonusEvents = ReturnType<typeof createBonusEvents>;
