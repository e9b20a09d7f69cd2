import type {
  AdminLoyaltyBenefitsBody,
  AdminLoyaltyLadder,
  AdminLoyaltyLevel,
  AdminLoyaltyLevelBody,
  AdminLoyaltySublevel,
  AdminLoyaltySublevelBody,
  AdminLoyaltySublevelCreateBody,
  AdminReasonBody,
} from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuditRepo } from '../backoffice/audit.repo.ts';
import type { StaffActor } from '../backoffice/staff-auth.service.ts';
import { ladderProblem, levelsMoved, withSublevel } from './loyalty-admin.fns.ts';
import type { LoyaltyAdminRepo, SublevelTerms } from './loyalty-admin.repo.ts';
import type { LoyaltyLevelRow, LoyaltyRepo, LoyaltySublevelRow } from './loyalty.repo.ts';
import type { LoyaltyService } from './loyalty.service.ts';

const toSublevel = (s: LoyaltySublevelRow, holders: number): AdminLoyaltySublevel => ({
  id: s.id,
  levelId: s.levelId,
  order: s.position,
  label: s.label,
  bgColor: s.bgColor,
  image: s.image,
  bgImage: s.bgImage,
  points: s.points,
  rewardSlug: s.rewardSlug,
  holders,
});

const termsOf = (levelId: number, body: AdminLoyaltySublevelBody): SublevelTerms => ({
  levelId,
  position: body.order,
  label: body.label,
  bgColor: body.bgColor,
  image: body.image,
  bgImage: body.bgImage,
  points: body.points,
  rewardSlug: body.rewardSlug,
});

/**
 * The operator's edits of the loyalty ladder (decision 057). A player's standing is never
 * stored apart from their points: the loyalty service places them on the ladder from their
 * points at each read, so an edited threshold moves them as soon as its cached ladder (30 s per
 * node, cleared on this node after each commit) is read again. The sublevel a player reached is
 * kept for rewards only: a rung newly below their points is rewarded at their next points, as
 * the service does for any rung passed.
 */
export function createLoyaltyAdminService(deps: {
  db: Database;
  repo: LoyaltyAdminRepo;
  ladder: Pick<LoyaltyRepo, 'listLevels' | 'listSublevels'>;
  loyalty: Pick<LoyaltyService, 'forget'>;
  audit: Pick<AuditRepo, 'recordChange'>;
}) {
  const { db, repo } = deps;

  async function change<T>(work: (tx: Database) => Promise<T>): Promise<T> {
    const result = await db.transaction(async (tx) => {
      await repo.lockLadder(tx);
      return work(tx);
    });
    deps.loyalty.forget();
    return result;
  }

  async function read(tx: Database) {
    const [levels, sublevels] = [
      await deps.ladder.listLevels(tx),
      await deps.ladder.listSublevels(tx),
    ];
    return { levels, sublevels };
  }

  function toLevel(
    level: LoyaltyLevelRow,
    sublevels: LoyaltySublevelRow[],
    holders: Map<number, number>,
  ): AdminLoyaltyLevel {
    return {
      id: level.id,
      slug: level.slug,
      order: level.position,
      label: level.label,
      bgColor: level.bgColor,
      image: level.image,
      bgImage: level.bgImage,
      vip: level.vip,
      dailyBonusPercent: level.dailyBonusPercent,
      rakebackPercent: level.rakebackPercent,
      personalHost: level.personalHost,
      sublevels: sublevels
        .filter((s) => s.levelId === level.id)
        .sort((a, b) => a.position - b.position)
        .map((s) => toSublevel(s, holders.get(s.id) ?? 0)),
    };
  }

  /** The checks only the database can answer, each naming its field. */
  async function checkSublevel(
    tx: Database,
    ladder: Awaited<ReturnType<typeof read>>,
    changed: LoyaltySublevelRow,
  ) {
    if (!ladder.levels.some((l) => l.id === changed.levelId)) {
      throw AppError.invalid('body.levelId', 'No loyalty level has this id');
    }
    if (changed.rewardSlug !== null && !(await repo.bonusSlugExists(tx, changed.rewardSlug))) {
      throw AppError.invalid('body.rewardSlug', 'No bonus definition has this slug');
    }
    const taken = ladder.sublevels.find(
      (s) =>
        s.id !== changed.id && s.levelId === changed.levelId && s.position === changed.position,
    );
    if (taken) {
      throw new AppError('CONFLICT', `Sublevel “${taken.label}” has this order in its level`, {
        fields: [{ field: 'body.order', message: 'Taken' }],
      });
    }
    const problem = ladderProblem(ladder.levels, withSublevel(ladder.sublevels, changed));
    if (problem) throw AppError.invalid('body.points', problem);
  }

  /**
   * Moves a level to `order`, the others closing up (decision 066). Refused when the thresholds
   * would no longer grow along the ladder: a level with sublevels can only move past levels
   * without any. Players' standing follows their points, so nobody's sublevel changes.
   */
  async function moveLevel(
    tx: Database,
    levels: LoyaltyLevelRow[],
    sublevels: LoyaltySublevelRow[],
    id: number,
    order: number,
  ) {
    if (order > levels.length) {
      throw AppError.invalid('body.order', `At most ${levels.length}, the number of levels`);
    }
    const places = levelsMoved(levels, id, order);
    const problem = ladderProblem(places, sublevels);
    if (problem) {
      throw AppError.invalid('body.order', `This order breaks the ladder. ${problem}`);
    }
    const moved = places.filter((p) => levels.find((l) => l.id === p.id)?.position !== p.position);
    await repo.placeLevels(tx, moved);
  }

  async function sublevelView(tx: Database, row: LoyaltySublevelRow) {
    return toSublevel(row, (await repo.holdersBySublevel(tx)).get(row.id) ?? 0);
  }

  return {
    ladder: (): Promise<AdminLoyaltyLadder> =>
      db.transaction(async (tx) => {
        const { levels, sublevels } = await read(tx);
        const holders = await repo.holdersBySublevel(tx);
        return { data: levels.map((l) => toLevel(l, sublevels, holders)) };
      }),

    updateLevel: (actor: StaffActor, id: number, body: AdminLoyaltyLevelBody) =>
      change(async (tx) => {
        const { levels, sublevels } = await read(tx);
        const before = levels.find((l) => l.id === id);
        if (!before) throw AppError.notFound('Loyalty level');
        const { reason, order, ...looks } = body;
        if (looks.slug !== undefined) {
          const clash = levels.find((l) => l.id !== id && l.slug === looks.slug);
          if (clash) {
            throw new AppError('CONFLICT', `Level “${clash.label}” has the slug ${looks.slug}`, {
              fields: [{ field: 'body.slug', message: 'Taken' }],
            });
          }
        }
        if (order !== undefined && order !== before.position) {
          await moveLevel(tx, levels, sublevels, id, order);
        }
        const row = await repo.updateLevel(tx, id, looks);
        if (!row) throw AppError.notFound('Loyalty level');
        const holders = await repo.holdersBySublevel(tx);
        const after = toLevel(row, sublevels, holders);
        const { sublevels: _s, ...beforeView } = toLevel(before, [], holders);
        const { sublevels: _a, ...afterView } = after;
        await deps.audit.recordChange(
          tx,
          actor,
          'loyalty.level-updated',
          { type: 'loyalty-level', id },
          { before: beforeView, after: afterView, reason },
        );
        return after;
      }),

    /**
     * A level's VIP benefits (decision 061), apart from its looks: they move money. Read at each
     * use (daily bonus, rakeback accrual, the VIP pages) from the ladder, so they apply from the
     * next read; rakeback already accrued keeps the percent it accrued at.
     */
    updateBenefits: (actor: StaffActor, id: number, body: AdminLoyaltyBenefitsBody) =>
      change(async (tx) => {
        const { levels, sublevels } = await read(tx);
        const before = levels.find((l) => l.id === id);
        if (!before) throw AppError.notFound('Loyalty level');
        const { reason, ...benefits } = body;
        const row = await repo.updateLevel(tx, id, benefits);
        if (!row) throw AppError.notFound('Loyalty level');
        const after = toLevel(row, sublevels, await repo.holdersBySublevel(tx));
        const pick = (l: LoyaltyLevelRow) => ({
          vip: l.vip,
          dailyBonusPercent: l.dailyBonusPercent,
          rakebackPercent: l.rakebackPercent,
          personalHost: l.personalHost,
        });
        await deps.audit.recordChange(
          tx,
          actor,
          'loyalty.level-benefits-updated',
          { type: 'loyalty-level', id },
          { before: pick(before), after: pick(row), reason },
        );
        return after;
      }),

    createSublevel: (actor: StaffActor, body: AdminLoyaltySublevelCreateBody) =>
      change(async (tx) => {
        const ladder = await read(tx);
        const terms = termsOf(body.levelId, body);
        // A new row's id is unknown until inserted: 0 stands for it in the check.
        await checkSublevel(tx, ladder, { id: 0, ...terms });
        const row = await repo.insertSublevel(tx, terms);
        const after = await sublevelView(tx, row);
        await deps.audit.recordChange(
          tx,
          actor,
          'loyalty.sublevel-created',
          { type: 'loyalty-sublevel', id: row.id },
          { before: null, after, reason: body.reason },
        );
        return after;
      }),

    updateSublevel: (actor: StaffActor, id: number, body: AdminLoyaltySublevelBody) =>
      change(async (tx) => {
        const ladder = await read(tx);
        const held = ladder.sublevels.find((s) => s.id === id);
        if (!held) throw AppError.notFound('Loyalty sublevel');
        const terms = termsOf(held.levelId, body);
        await checkSublevel(tx, ladder, { id, ...terms });
        const before = await sublevelView(tx, held);
        const row = await repo.updateSublevel(tx, id, terms);
        if (!row) throw AppError.notFound('Loyalty sublevel');
        const after = await sublevelView(tx, row);
        await deps.audit.recordChange(
          tx,
          actor,
          'loyalty.sublevel-updated',
          { type: 'loyalty-sublevel', id },
          { before, after, reason: body.reason },
        );
        return after;
      }),

    /**
     * Removes a sublevel no player has reached as their highest (their account names it: 409
     * otherwise, with how many). Rewards already issued for it keep the copy they carry.
     */
    retireSublevel: (actor: StaffActor, id: number, body: AdminReasonBody) =>
      change(async (tx) => {
        const { sublevels } = await read(tx);
        const held = sublevels.find((s) => s.id === id);
        if (!held) throw AppError.notFound('Loyalty sublevel');
        const before = await sublevelView(tx, held);
        if (before.holders > 0) {
          throw new AppError(
            'CONFLICT',
            `${before.holders} players sit on sublevel “${held.label}”: it cannot be retired`,
            { fields: [{ field: 'id', message: 'Players sit on this sublevel' }] },
          );
        }
        if (sublevels.length === 1) {
          throw new AppError('CONFLICT', 'The ladder needs at least one sublevel', {
            fields: [{ field: 'id', message: 'The last sublevel' }],
          });
        }
        if (!(await repo.deleteSublevel(tx, id))) {
          throw new AppError('CONFLICT', `A player reached sublevel “${held.label}” just now`, {
            fields: [{ field: 'id', message: 'Players sit on this sublevel' }],
          });
        }
        await deps.audit.recordChange(
          tx,
          actor,
          'loyalty.sublevel-retired',
          { type: 'loyalty-sublevel', id },
          { before, after: null, reason: body.reason },
        );
      }),
  };
}
export type LoyaltyAdminService = ReturnType<typeof createLoyaltyAdminService>;
