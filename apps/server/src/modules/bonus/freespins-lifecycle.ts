import { FreeSpinStatus, type FreeSpinsReward, type LoyaltySublevelRef } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { BonusEvents } from './bonus-events.ts';
import type { BonusLedger } from './bonus-ledger.ts';
import type {
  BonusDefinitionRow,
  BonusRepo,
  PlayerBonusRecord,
  PlayerFreeSpinRecord,
} from './bonus.repo.ts';
import { activationDeadlinePassed } from './bonus.fns.ts';
import type { IssueInput } from './bonus.types.ts';
import { nextFreeSpinState, type FreeSpinEvent, type FreeSpinState } from './freespins.fns.ts';

const HOUR_MS = 3_600_000;

/** How free spins end: their last spin settled, the player cancels, time runs out. */
export type FreeSpinsEnd = Extract<FreeSpinEvent, 'played' | 'cancel' | 'expire'>;

/**
 * Free spins' life (decision 024). Spins hold no money: the house pays each spin's stake when the
 * game server plays it and their wins add up in `won`, paid only when the last spin settles —
 * as a new bonus with the definition's wagering, or as cash. Canceled or expired spins pay
 * nothing, so nothing moves.
 */
export function createFreeSpinsLifecycle(deps: {
  repo: BonusRepo;
  ledger: Pick<BonusLedger, 'payCash'>;
  events: Pick<BonusEvents, 'freeSpinsChanged'>;
  now: () => Date;
  issueBonus: (tx: Database, input: IssueInput, source: string) => Promise<PlayerBonusRecord>;
}) {
  const { repo, events, now } = deps;
  const after = (hours: number) => new Date(now().getTime() + hours * HOUR_MS);

  function transition(row: PlayerFreeSpinRecord, event: FreeSpinEvent): FreeSpinState {
    const next = nextFreeSpinState(row as FreeSpinState, event);
    if (!next) {
      throw new AppError(
        'CONFLICT',
        row.status === FreeSpinStatus.Finished
          ? 'These free spins are finished'
          : `These free spins cannot be ${event === 'activate' ? 'activated' : 'finished'} now`,
      );
    }
    return next;
  }

  async function change(
    tx: Database,
    row: PlayerFreeSpinRecord,
    set: Partial<PlayerFreeSpinRecord>,
  ): Promise<PlayerFreeSpinRecord> {
    await deps.repo.updateFreeSpins(tx, row.id, set);
    const changed = { ...row, ...set };
    await events.freeSpinsChanged(tx, changed);
    return changed;
  }

  async function activateRow(tx: Database, row: PlayerFreeSpinRecord, hours: number) {
    const next = transition(row, 'activate');
    return change(tx, row, { status: next.status, activatedAt: now(), expiresAt: after(hours) });
  }

  async function finish(
    tx: Database,
    row: PlayerFreeSpinRecord,
    end: FreeSpinsEnd,
  ): Promise<PlayerFreeSpinRecord> {
    const next = transition(row, end);
    if (end === 'played' && row.won > 0) {
      const source = `freespins:${row.id}`;
      if (row.payout === 'cash') {
        await deps.ledger.payCash(
          tx,
          {
            playerId: row.playerId,
            currency: row.currency,
            key: `${source}:payout`,
            metadata: { playerFreeSpinId: row.id, bonusId: row.bonusId },
          },
          row.won,
        );
      } else {
        const definition = await repo.findDefinitionById(tx, row.bonusId);
        if (!definition) throw new Error(`definition ${row.bonusId} vanished`);
        const input = { playerId: row.playerId, definition, currency: row.currency };
        // The spins were the player's choice already: their win starts at once (unless queued).
        await deps.issueBonus(tx, { ...input, amount: row.won, activation: 'auto' }, source);
      }
    }
    return change(tx, row, { status: next.status, result: next.result, finishedAt: now() });
  }

  return {
    /** Issues the definition's free spins; `auto` activation starts them at once. */
    async issue(
      tx: Database,
      input: {
        playerId: string;
        definition: BonusDefinitionRow;
        reward: FreeSpinsReward;
        loyalty?: LoyaltySublevelRef;
      },
      source: string,
    ): Promise<PlayerFreeSpinRecord> {
      const { definition: def, reward } = input;
      const game = await repo.findGameByIdentity(tx, reward.gameIdentity);
      if (!game) throw new Error(`free spins of ${def.slug} name no game ${reward.gameIdentity}`);
      const row = await repo.insertFreeSpins(tx, {
        playerId: input.playerId,
        bonusId: def.id,
        gameId: game.id,
        status: FreeSpinStatus.Issued,
        currency: reward.currency,
        count: reward.count,
        bet: reward.bet,
        payout: reward.payout,
        source,
        loyalty: input.loyalty ?? null,
        expiresAt: after(def.activateWithinHours),
        issuedAt: now(),
      });
      if (!row) throw new Error(`free spins ${def.slug}/${source} issued twice`);
      if (def.activation === 'auto') return activateRow(tx, row, def.completeWithinHours);
      await events.freeSpinsChanged(tx, row);
      return row;
    },

    /** PUT …/player-freespins/{id}/activate. */
    activate: async (tx: Database, playerId: string, id: number): Promise<PlayerFreeSpinRecord> => {
      const row = await repo.lockFreeSpins(tx, playerId, id);
      if (!row) throw AppError.notFound('Free spins');
      // Past its activation deadline, before the expiry job came by: lost, not activated anew.
      if (row.expiresAt && row.expiresAt <= now()) throw activationDeadlinePassed();
      const definition = await repo.findDefinitionById(tx, row.bonusId);
      return activateRow(tx, row, definition?.completeWithinHours ?? 0);
    },

    /** PUT …/player-freespins/{id}/cancel. */
    cancel: async (tx: Database, playerId: string, id: number): Promise<PlayerFreeSpinRecord> => {
      const row = await repo.lockFreeSpins(tx, playerId, id);
      if (!row) throw AppError.notFound('Free spins');
      return finish(tx, row, 'cancel');
    },

    finish,
  };
}
