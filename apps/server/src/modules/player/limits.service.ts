import {
  LIMIT_PERIOD_MINUTES,
  SESSION_TIME_UNIT,
  type CreateLimitBody,
  type PlayerLimit,
  type PlayerLimitList,
  type UpdateLimitBody,
} from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import {
  byTypeAndPeriod,
  changeLimitAmount,
  scheduleLimitRemoval,
  settleLimit,
  toPlayerLimit,
} from './limits.fns.ts';
import type { LimitsRepo, PlayerLimitRow } from './limits.repo.ts';

export function createLimitsService(deps: { repo: LimitsRepo; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  const { repo } = deps;

  /** The player's limits as they stand at `at`, writing back whatever came due. */
  async function settled(tx: Database, playerId: string, at: Date): Promise<PlayerLimitRow[]> {
    const live: PlayerLimitRow[] = [];
    for (const row of await repo.listByPlayer(playerId, tx)) {
      const next = settleLimit(row, at);
      if (next === null) {
        await repo.delete(tx, playerId, row.id);
      } else if (next !== row) {
        live.push((await repo.update(tx, playerId, row.id, next, at)) ?? next);
      } else {
        live.push(row);
      }
    }
    return live.sort(byTypeAndPeriod);
  }

  /** Runs `work` in a transaction holding the player's lock, on their settled limits. */
  function locked<T>(
    actor: Actor,
    work: (tx: Database, limits: PlayerLimitRow[], at: Date) => Promise<T>,
  ) {
    return repo.db.transaction(async (tx) => {
      if (!(await repo.lockPlayer(tx, actor.playerId))) {
        throw new AppError('UNAUTHENTICATED', 'The session token is not valid');
      }
      const at = now();
      return work(tx, await settled(tx, actor.playerId, at), at);
    });
  }

  const own = (limits: PlayerLimitRow[], limitId: string): PlayerLimitRow => {
    const limit = limits.find((l) => l.id === limitId);
    if (!limit) throw AppError.notFound('Limit');
    return limit;
  };

  return {
    list: (actor: Actor): Promise<PlayerLimitList> =>
      locked(actor, async (_tx, limits) => ({ data: limits.map(toPlayerLimit) })),

    /** A new limit only tightens, so it applies at once. One per type and period. */
    create: (actor: Actor, body: CreateLimitBody): Promise<PlayerLimit> =>
      locked(actor, async (tx, limits, at) => {
        const clash = () =>
          new AppError(
            'CONFLICT',
            `A ${body.period} ${body.type} limit exists already; change that one`,
            { fields: [{ field: 'body.period', message: 'There is such a limit already' }] },
          );
        if (limits.some((l) => l.type === body.type && l.period === body.period)) throw clash();
        // A session-time limit counts minutes: whatever currency came, it is stored as minutes.
        const currency = body.type === 'session-time' ? SESSION_TIME_UNIT : body.currency;
        const row = await repo.insert(tx, { playerId: actor.playerId, ...body, currency, at });
        if (!row) throw clash();
        return toPlayerLimit(row);
      }),

    update: (actor: Actor, limitId: string, body: UpdateLimitBody): Promise<PlayerLimit> =>
      locked(actor, async (tx, limits, at) => {
        const limit = own(limits, limitId);
        if (limit.period !== body.period) {
          throw AppError.invalid(
            'body.period',
            `This is a ${limit.period} limit; its period cannot change`,
          );
        }
        if (limit.type === 'session-time' && body.amount > LIMIT_PERIOD_MINUTES[limit.period]) {
          throw AppError.invalid(
            'body.amount',
            `At most ${LIMIT_PERIOD_MINUTES[limit.period]} minutes in a ${limit.period}`,
          );
        }
        const next = changeLimitAmount(limit, body.amount, at);
        const row = await repo.update(tx, actor.playerId, limit.id, next, at);
        if (!row) throw AppError.notFound('Limit');
        return toPlayerLimit(row);
      }),

    /** Schedules the removal after the cooling-off; the limit still applies until then. */
    remove: (actor: Actor, limitId: string): Promise<PlayerLimit> =>
      locked(actor, async (tx, limits, at) => {
        const limit = own(limits, limitId);
        const next = scheduleLimitRemoval(limit, at);
        if (next === limit) return toPlayerLimit(limit);
        const row = await repo.update(tx, actor.playerId, limit.id, next, at);
        if (!row) throw AppError.notFound('Limit');
        return toPlayerLimit(row);
      }),
  };
}
export type LimitsService = ReturnType<typeof createLimitsService>;
