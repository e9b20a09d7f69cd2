import { BonusStatus } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { BonusEvents } from './bonus-events.ts';
import type { BonusLedger } from './bonus-ledger.ts';
import {
  BonusTransitionError,
  activationDeadlinePassed,
  matchAmount,
  nextBonusState,
  wageringRequired,
  type BonusEvent,
  type BonusState,
} from './bonus.fns.ts';
import type { BonusRepo, PlayerBonusRecord } from './bonus.repo.ts';
import type { Grant, GrantInput, IssueInput } from './bonus.types.ts';
import { createFreeSpinsLifecycle } from './freespins-lifecycle.ts';

const HOUR_MS = 3_600_000;

/** How a bonus ends: wagering done, balance gone, the player cancels, time runs out. */
export type BonusEnd = Extract<BonusEvent, 'complete' | 'deplete' | 'cancel' | 'expire'>;

export interface BonusLifecycleDeps {
  repo: BonusRepo;
  ledger: BonusLedger;
  events: BonusEvents;
  now?: () => Date;
}

/**
 * The life of player bonuses and free spins (decision 024), inside the caller's transaction,
 * which holds the player's row lock (the one lock order). An issued bonus holds no money; its
 * amount enters the bonus account when it is activated. One bonus per currency is active; an
 * `auto` bonus issued while another is active waits issued and is activated, oldest first,
 * when the active one finishes.
 */
export function createBonusLifecycle(deps: BonusLifecycleDeps) {
  const { repo, ledger, events } = deps;
  const now = deps.now ?? (() => new Date());
  const after = (hours: number) => new Date(now().getTime() + hours * HOUR_MS);

  function transition(from: Pick<PlayerBonusRecord, 'status' | 'result'>, event: BonusEvent) {
    try {
      return nextBonusState(from as BonusState, event);
    } catch (err) {
      if (err instanceof BonusTransitionError) throw new AppError('CONFLICT', err.message);
      throw err;
    }
  }

  const step = (row: PlayerBonusRecord, name: string) => ({
    playerId: row.playerId,
    currency: row.currency,
    key: `bonus:${row.id}:${name}`,
    metadata: { playerBonusId: row.id, bonusId: row.bonusId },
  });

  /** Moves an issued bonus's amount into play; refused while another of its currency is active. */
  async function activateRow(tx: Database, row: PlayerBonusRecord): Promise<PlayerBonusRecord> {
    const next = transition(row, 'activate');
    const active = await repo.findActiveBonus(tx, row.playerId, row.currency);
    if (active) {
      throw new AppError('CONFLICT', `Another ${row.currency} bonus is active`, {
        activeBonusId: active.id,
      });
    }
    await ledger.fund(tx, step(row, 'activate'), row.amount);
    const set = {
      status: next.status,
      activatedAt: now(),
      expiresAt: after(row.completeWithinHours),
    };
    await repo.updateBonus(tx, row.id, set);
    const activated = { ...row, ...set };
    await events.bonusChanged(tx, activated, row.amount);
    return activated;
  }

  /** Issues one bonus of `amount`; a reward without wagering is paid as cash and finishes. */
  async function issueBonus(
    tx: Database,
    input: IssueInput,
    source: string,
  ): Promise<PlayerBonusRecord> {
    const { definition: def, currency, amount } = input;
    const inserted = await repo.insertBonus(tx, {
      playerId: input.playerId,
      bonusId: def.id,
      status: BonusStatus.Issued,
      currency,
      amount,
      wageringRequired: wageringRequired(amount, def.wageringTenths / 10),
      maxBet: def.maxBet[currency] ?? null,
      contributions: def.contributions,
      source,
      loyalty: input.loyalty ?? null,
      expiresAt: after(def.activateWithinHours),
      completeWithinHours: def.completeWithinHours,
      issuedAt: now(),
    });
    if (!inserted) throw new Error(`bonus ${def.slug}/${currency}/${source} issued twice`);
    const row: PlayerBonusRecord = { ...inserted, slug: def.slug, kind: def.kind };
    if (row.wageringRequired === 0) {
      await ledger.payCash(tx, step(row, 'cash'), amount);
      const set = {
        ...transition(transition(row, 'activate'), 'complete'),
        activatedAt: now(),
        finishedAt: now(),
      };
      await repo.updateBonus(tx, row.id, set);
      const paid = { ...row, ...set };
      await events.bonusChanged(tx, paid, 0);
      return paid;
    }
    const activation = input.activation ?? def.activation;
    if (activation === 'auto' && !(await repo.findActiveBonus(tx, row.playerId, currency))) {
      return activateRow(tx, row);
    }
    await events.bonusChanged(tx, row, 0);
    return row;
  }

  /** Ends a bonus: complete converts the balance to cash, the rest forfeit what remains. */
  async function finish(
    tx: Database,
    row: PlayerBonusRecord,
    end: BonusEnd,
  ): Promise<PlayerBonusRecord> {
    const next = transition(row, end);
    const wasActive = row.status === BonusStatus.Active;
    if (wasActive && end === 'complete') await ledger.convert(tx, step(row, 'convert'));
    // A lost bonus has nothing left; forfeiting keeps the account at 0 between bonuses anyway.
    else if (wasActive) await ledger.forfeit(tx, step(row, 'forfeit'));
    const set = { status: next.status, result: next.result, finishedAt: now() };
    await repo.updateBonus(tx, row.id, set);
    const finished = { ...row, ...set };
    await events.bonusChanged(tx, finished, 0);
    if (wasActive) {
      const queued = await repo.nextQueuedBonus(tx, row.playerId, row.currency);
      if (queued) await activateRow(tx, queued);
    }
    return finished;
  }

  const freeSpins = createFreeSpinsLifecycle({
    repo,
    ledger,
    events,
    now,
    // Wins paid as a bonus carry the definition's wagering, like any of its bonuses.
    issueBonus: (tx, input, source) => issueBonus(tx, input, source),
  });

  return {
    /**
     * Issues every reward line and the free spins of a definition, once per (player,
     * definition, source): the same source again answers the first grant. Null when the
     * campaign's claim cap is reached (nothing issued).
     */
    async grant(tx: Database, input: GrantInput): Promise<Grant | null> {
      const { playerId, definition: def, source } = input;
      const first = await repo.findGrant(tx, { playerId, bonusId: def.id, source });
      if (first.bonuses.length > 0 || first.freeSpins.length > 0) return { ...first, withheld: [] };
      if (def.claimCap !== null && !(await repo.countDefinitionClaim(tx, def.id))) return null;
      const withholds = (currency: string) => input.withhold?.includes(currency) ?? false;
      const bonuses: PlayerBonusRecord[] = [];
      const withheld: Grant['withheld'] = [];
      for (const line of def.rewards) {
        const override = input.amountOverride?.[line.currency];
        const basis = input.basis?.[line.currency] ?? 0;
        const amount =
          override ?? ('amount' in line ? line.amount : matchAmount(basis, line.percent, line.cap));
        if (amount <= 0) continue;
        if (withholds(line.currency)) {
          withheld.push({ currency: line.currency, amount, spins: 0 });
          continue;
        }
        bonuses.push(
          await issueBonus(
            tx,
            { playerId, definition: def, currency: line.currency, amount, loyalty: input.loyalty },
            source,
          ),
        );
      }
      const spinsWithheld = def.freeSpins !== null && withholds(def.freeSpins.currency);
      if (def.freeSpins && spinsWithheld) {
        withheld.push({ currency: def.freeSpins.currency, amount: 0, spins: def.freeSpins.count });
      }
      const spins =
        def.freeSpins && !spinsWithheld
          ? [
              await freeSpins.issue(
                tx,
                { playerId, definition: def, reward: def.freeSpins, loyalty: input.loyalty },
                source,
              ),
            ]
          : [];
      return { bonuses, freeSpins: spins, withheld };
    },

    /** PUT …/player-bonuses/{id}/activate. */
    async activate(tx: Database, playerId: string, id: number): Promise<PlayerBonusRecord> {
      const row = await repo.lockBonus(tx, playerId, id);
      if (!row) throw AppError.notFound('Bonus');
      // Past its activation deadline, before the expiry job came by: lost, not activated anew.
      if (row.expiresAt && row.expiresAt <= now()) throw activationDeadlinePassed();
      return activateRow(tx, row);
    },

    /** PUT …/player-bonuses/{id}/cancel: what remains of an active bonus is forfeited. */
    async cancel(tx: Database, playerId: string, id: number): Promise<PlayerBonusRecord> {
      const row = await repo.lockBonus(tx, playerId, id);
      if (!row) throw AppError.notFound('Bonus');
      return finish(tx, row, 'cancel');
    },

    finish,
    /** Activates an issued bonus the caller holds (the player's lock taken): the queue's next. */
    activateIssued: activateRow,
    activateFreeSpins: freeSpins.activate,
    cancelFreeSpins: freeSpins.cancel,
    finishFreeSpins: freeSpins.finish,
  };
}
export type BonusLifecycle = ReturnType<typeof createBonusLifecycle>;
