import type {
  AdminBonusCode,
  AdminBonusCodeCreateBody,
  AdminBonusCodeList,
  AdminBonusCodeQuery,
  AdminBonusCodeUpdateBody,
  AdminBonusDefinition,
  AdminBonusDefinitionCreateBody,
  AdminBonusDefinitionList,
  AdminBonusDefinitionQuery,
  AdminBonusDefinitionUpdateBody,
  AdminEnabledBody,
} from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuditRepo } from '../backoffice/audit.repo.ts';
import { switchEnabled } from '../backoffice/enabled-switch.ts';
import type { StaffActor } from '../backoffice/staff-auth.service.ts';
import { pageMeta } from '../player/player.fns.ts';
import type { BonusAdminRepo, BonusCodeRecord, BonusDefinitionRow } from './bonus-admin.repo.ts';

const iso = (d: Date | null) => d?.toISOString() ?? null;
const dateOf = (s: string | null) => (s === null ? null : new Date(s));

export const toAdminDefinition = (row: BonusDefinitionRow): AdminBonusDefinition => ({
  id: row.id,
  slug: row.slug,
  kind: row.kind,
  rewards: row.rewards,
  freeSpins: row.freeSpins ?? null,
  wageringTenths: row.wageringTenths,
  contributions: row.contributions,
  maxBet: row.maxBet,
  activation: row.activation,
  activateWithinHours: row.activateWithinHours,
  completeWithinHours: row.completeWithinHours,
  claimFrom: iso(row.claimFrom),
  claimUntil: iso(row.claimUntil),
  eligibility: row.eligibility,
  claimCap: row.claimCap,
  claims: row.claims,
  enabled: row.enabled,
  createdAt: row.createdAt.toISOString(),
});

export const toAdminCode = (row: BonusCodeRecord): AdminBonusCode => ({
  id: row.id,
  code: row.code,
  bonusId: row.bonusId,
  bonusSlug: row.bonusSlug,
  trigger: row.trigger,
  claimCap: row.claimCap,
  claims: row.claims,
  redemptions: row.redemptions,
  startsAt: iso(row.startsAt),
  expiresAt: iso(row.expiresAt),
  eligibility: row.eligibility,
  enabled: row.enabled,
  createdAt: row.createdAt.toISOString(),
});

/** A cap below what was given already cannot hold (the table's check would refuse it). */
function assertCap(cap: number | null, claims: number): void {
  if (cap !== null && cap < claims) {
    throw AppError.invalid(
      'body.claimCap',
      `Given ${claims} times already: the cap cannot be lower`,
    );
  }
}

/**
 * The operator's edits of bonus definitions and codes (issue 17, decision 042). The engine reads
 * both from their tables on every grant and claim (no cache), so an edit applies to the next
 * player at once; a bonus already issued keeps the terms it copied. Every change writes its
 * audit row (before, after, reason) in its own transaction.
 */
export function createBonusAdminService(deps: {
  db: Database;
  repo: BonusAdminRepo;
  audit: Pick<AuditRepo, 'recordChange'>;
}) {
  const { db, repo } = deps;

  async function checkFreeSpins(tx: Database, body: AdminBonusDefinitionUpdateBody) {
    if (body.freeSpins && !(await repo.gameExists(tx, body.freeSpins.gameIdentity))) {
      throw AppError.invalid('body.freeSpins.gameIdentity', 'No game has this identity');
    }
  }

  const termsOf = (body: AdminBonusDefinitionUpdateBody) => ({
    kind: body.kind,
    rewards: body.rewards,
    freeSpins: body.freeSpins,
    wageringTenths: body.wageringTenths,
    contributions: body.contributions,
    maxBet: body.maxBet as Record<string, number>,
    activation: body.activation,
    activateWithinHours: body.activateWithinHours,
    completeWithinHours: body.completeWithinHours,
    claimFrom: dateOf(body.claimFrom),
    claimUntil: dateOf(body.claimUntil),
    eligibility: body.eligibility,
    claimCap: body.claimCap,
  });

  async function lockedDefinition(tx: Database, id: number) {
    const row = await repo.findDefinition(tx, id, true);
    if (!row) throw AppError.notFound('Bonus definition');
    return row;
  }

  async function lockedCode(tx: Database, id: number) {
    const row = await repo.findCode(tx, id, true);
    if (!row) throw AppError.notFound('Bonus code');
    return row;
  }

  async function codeView(tx: Database, id: number): Promise<AdminBonusCode> {
    const row = await repo.findCode(tx, id);
    if (!row) throw AppError.notFound('Bonus code');
    return toAdminCode(row);
  }

  return {
    async listDefinitions(q: AdminBonusDefinitionQuery): Promise<AdminBonusDefinitionList> {
      const { rows, total } = await repo.listDefinitions(db, q);
      return { data: rows.map(toAdminDefinition), meta: pageMeta(q.page, q.perPage, total) };
    },

    async definition(id: number): Promise<AdminBonusDefinition> {
      const row = await repo.findDefinition(db, id);
      if (!row) throw AppError.notFound('Bonus definition');
      return toAdminDefinition(row);
    },

    createDefinition: (actor: StaffActor, body: AdminBonusDefinitionCreateBody) =>
      db.transaction(async (tx) => {
        await checkFreeSpins(tx, body);
        const row = await repo.insertDefinition(tx, {
          slug: body.slug,
          enabled: body.enabled,
          ...termsOf(body),
        });
        if (!row) {
          throw new AppError('CONFLICT', 'A bonus definition has this slug already', {
            fields: [{ field: 'body.slug', message: 'Taken' }],
          });
        }
        const after = toAdminDefinition(row);
        await deps.audit.recordChange(
          tx,
          actor,
          'bonus.definition-created',
          { type: 'bonus-definition', id: row.id },
          { before: null, after: after, reason: body.reason },
        );
        return after;
      }),

    updateDefinition: (actor: StaffActor, id: number, body: AdminBonusDefinitionUpdateBody) =>
      db.transaction(async (tx) => {
        const before = await lockedDefinition(tx, id);
        assertCap(body.claimCap, before.claims);
        await checkFreeSpins(tx, body);
        const row = await repo.updateDefinition(tx, id, termsOf(body));
        if (!row) throw AppError.notFound('Bonus definition');
        const after = toAdminDefinition(row);
        await deps.audit.recordChange(
          tx,
          actor,
          'bonus.definition-updated',
          { type: 'bonus-definition', id },
          { before: toAdminDefinition(before), after: after, reason: body.reason },
        );
        return after;
      }),

    setDefinitionEnabled: (actor: StaffActor, id: number, body: AdminEnabledBody) =>
      db.transaction((tx) =>
        switchEnabled(tx, deps.audit, actor, body, {
          action: 'bonus.definition-updated',
          target: { type: 'bonus-definition', id },
          lock: () => lockedDefinition(tx, id),
          write: async (enabled) => {
            const row = await repo.updateDefinition(tx, id, { enabled });
            if (!row) throw AppError.notFound('Bonus definition');
            return toAdminDefinition(row);
          },
        }),
      ),

    async listCodes(q: AdminBonusCodeQuery): Promise<AdminBonusCodeList> {
      const { rows, total } = await repo.listCodes(db, q);
      return { data: rows.map(toAdminCode), meta: pageMeta(q.page, q.perPage, total) };
    },

    createCode: (actor: StaffActor, body: AdminBonusCodeCreateBody) =>
      db.transaction(async (tx) => {
        if (!(await repo.findDefinition(tx, body.bonusId))) {
          throw AppError.invalid('body.bonusId', 'No bonus definition has this id');
        }
        const id = await repo.insertCode(tx, {
          code: body.code,
          bonusId: body.bonusId,
          trigger: body.trigger,
          claimCap: body.claimCap,
          startsAt: dateOf(body.startsAt),
          expiresAt: dateOf(body.expiresAt),
          eligibility: body.eligibility,
        });
        if (id === undefined) {
          throw new AppError('CONFLICT', 'This bonus code exists already', {
            fields: [{ field: 'body.code', message: 'Taken' }],
          });
        }
        const after = await codeView(tx, id);
        await deps.audit.recordChange(
          tx,
          actor,
          'bonus.code-created',
          { type: 'bonus-code', id },
          { before: null, after: after, reason: body.reason },
        );
        return after;
      }),

    updateCode: (actor: StaffActor, id: number, body: AdminBonusCodeUpdateBody) =>
      db.transaction(async (tx) => {
        const before = toAdminCode(await lockedCode(tx, id));
        assertCap(body.claimCap, before.claims);
        await repo.updateCode(tx, id, {
          claimCap: body.claimCap,
          startsAt: dateOf(body.startsAt),
          expiresAt: dateOf(body.expiresAt),
          eligibility: body.eligibility,
        });
        const after = await codeView(tx, id);
        await deps.audit.recordChange(
          tx,
          actor,
          'bonus.code-updated',
          { type: 'bonus-code', id },
          { before: before, after: after, reason: body.reason },
        );
        return after;
      }),

    setCodeEnabled: (actor: StaffActor, id: number, body: AdminEnabledBody) =>
      db.transaction((tx) =>
        switchEnabled(tx, deps.audit, actor, body, {
          action: 'bonus.code-updated',
          target: { type: 'bonus-code', id },
          lock: () => lockedCode(tx, id),
          write: async (enabled) => {
            await repo.updateCode(tx, id, { enabled });
            return codeView(tx, id);
          },
        }),
      ),
  };
}
export type BonusAdminService = ReturnType<typeof createBonusAdminService>;
