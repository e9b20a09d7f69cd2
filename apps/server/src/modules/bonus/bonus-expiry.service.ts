import { createHash } from 'node:crypto';
import { BonusStatus } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import type { BonusEvents } from './bonus-events.ts';
import type { BonusExpiryRepo } from './bonus-expiry.repo.ts';
import type { BonusLedger } from './bonus-ledger.ts';
import type { PlayerBonusRecord } from './bonus.repo.ts';

/** Rows per transaction: large enough to amortise the round trips, small enough to lock briefly. */
export const EXPIRY_BATCH = 1000;
/**
 * Batches run side by side, each in its own transaction on its own connection: a batch's time is
 * mostly PostgreSQL writing rows, which a second backend does on another core. (PGlite has one
 * connection: its lanes take turns.)
 */
export const EXPIRY_LANES = 2;

/**
 * The expiry job (decision 024): issued and active bonuses and free spins past their deadline
 * expire, a batch per transaction — lock the batch's players (skipping busy ones), expire with a
 * conditional update, forfeit the expired active bonuses' money in one posting, record the
 * events. The state is the table, so a restart or a second node resumes where it stands, and
 * the conditional update lets each row expire once however many nodes run it.
 */
export function createBonusExpiry(deps: {
  repo: BonusExpiryRepo;
  ledger: Pick<BonusLedger, 'forfeitMany'>;
  events: Pick<BonusEvents, 'bonusesExpired' | 'freeSpinsExpired'>;
  activateQueued: (tx: Database, row: PlayerBonusRecord) => Promise<unknown>;
  now: () => Date;
  batch?: number;
  lanes?: number;
}) {
  const { repo, events } = deps;
  const batch = deps.batch ?? EXPIRY_BATCH;
  const lanes = deps.lanes ?? EXPIRY_LANES;

  /** One batch of bonuses; returns how many were due (0: done). */
  const bonusBatch = (): Promise<{ due: number; expired: number }> =>
    repo.db.transaction(async (tx) => {
      const now = deps.now();
      const due = await repo.dueBonuses(tx, now, batch);
      const locked = await repo.lockPlayers(tx, [...new Set(due.map((d) => d.playerId))]);
      const expired = await repo.expireBonuses(
        tx,
        due.map((d) => d.id),
        locked,
        now,
      );
      const wereActive = expired.filter((e) => e.was === BonusStatus.Active);
      const accounts = await repo.fundedBonusAccounts(tx, wereActive);
      // The key names exactly the bonuses that caused the posting: a retry books nothing twice.
      const ids = wereActive.map((e) => e.id).sort((a, b) => a - b);
      const key = `bonus-expiry:${createHash('sha256').update(ids.join(',')).digest('hex')}`;
      await deps.ledger.forfeitMany(tx, key, accounts);
      await events.bonusesExpired(tx, expired);
      // The queue: a bonus waiting behind one that expired starts now (rare: one by one).
      for (const next of await repo.queuedFor(tx, wereActive, now)) {
        await deps.activateQueued(tx, next);
      }
      return { due: due.length, expired: expired.length };
    });

  const freeSpinsBatch = (): Promise<{ due: number; expired: number }> =>
    repo.db.transaction(async (tx) => {
      const now = deps.now();
      const due = await repo.dueFreeSpins(tx, now, batch);
      const locked = await repo.lockPlayers(tx, [...new Set(due.map((d) => d.playerId))]);
      const expired = await repo.expireFreeSpins(
        tx,
        due.map((d) => d.id),
        locked,
        now,
      );
      await events.freeSpinsExpired(tx, expired);
      return { due: due.length, expired: expired.length };
    });

  /**
   * Runs batches in `lanes` side by side until each finds a short batch or expires nothing (the
   * rest are held by busy players or another lane: a later run).
   */
  async function drain(step: () => Promise<{ due: number; expired: number }>): Promise<number> {
    async function lane(): Promise<number> {
      let total = 0;
      for (;;) {
        const { due, expired } = await step();
        total += expired;
        if (due < batch || expired === 0) return total;
      }
    }
    const totals = await Promise.all(Array.from({ length: lanes }, lane));
    return totals.reduce((sum, n) => sum + n, 0);
  }

  return {
    /** The housekeeping task: returns how many bonuses and free spins expired. */
    async run(): Promise<{ bonuses: number; freeSpins: number }> {
      return { bonuses: await drain(bonusBatch), freeSpins: await drain(freeSpinsBatch) };
    },
  };
}
export type BonusExpiry = ReturnType<typeof createBonusExpiry>;
