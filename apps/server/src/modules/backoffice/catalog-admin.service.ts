import type {
  AdminBundle,
  AdminBundlePatch,
  AdminCatalogGame,
  AdminCatalogGamePatch,
  AdminCatalogGameQuery,
  AdminCollection,
  AdminCollectionPatch,
} from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import type { bundles } from '../../db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { pageMeta } from '../player/player.fns.ts';
import type { AuditRepo } from './audit.repo.ts';
import type { CatalogAdminRepo } from './catalog-admin.repo.ts';
import type { StaffActor } from './staff-auth.service.ts';

/** The fields of `patch` that are set, without the audit's reason. */
function changesOf<T extends { reason?: string | undefined }>(patch: T) {
  const { reason: _reason, ...rest } = patch;
  return Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)) as Omit<
    T,
    'reason'
  >;
}
/** A bundle row as staff see it: the sale window as ISO instants. */
function toAdminBundle(row: typeof bundles.$inferSelect): AdminBundle {
  return {
    id: row.id,
    identity: row.identity,
    priceAmount: row.priceAmount,
    priceCurrency: row.priceCurrency,
    goldCoins: row.goldCoins,
    sweepsCoins: row.sweepsCoins,
    active: row.active,
    position: row.position,
    badge: row.badge,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
  };
}
const instantOrNull = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null ? null : new Date(value);

const pick = (row: object, keys: string[]) =>
  Object.fromEntries(keys.map((k) => [k, (row as Record<string, unknown>)[k]]));

/**
 * Staff edit the catalog and the shop (decision 043). Each change runs under the row's lock with
 * its audit row (before and after of the changed fields, the optional reason). The game and shop
 * modules read these tables per request, so the site shows a change at its next request: a
 * disabled game leaves the lobby, its page and its launch at once.
 */
export function createCatalogAdminService(deps: {
  db: Database;
  repo: CatalogAdminRepo;
  audit: Pick<AuditRepo, 'insert'>;
}) {
  const { db, repo } = deps;
  const audit = (
    tx: Database,
    actor: StaffActor,
    action: 'catalog.game-updated' | 'catalog.collection-updated' | 'catalog.bundle-updated',
    target: { type: string; id: number },
    before: unknown,
    after: unknown,
    reason: string | undefined,
  ) =>
    deps.audit.insert(tx, {
      staffId: actor.staffId,
      action,
      targetType: target.type,
      targetId: String(target.id),
      before,
      after,
      reason: reason || null,
      requestId: actor.requestId,
    });

  return {
    async listGames(query: AdminCatalogGameQuery) {
      const { rows, total } = await repo.listGames(db, query);
      return { data: rows, meta: pageMeta(query.page, query.perPage, total) };
    },

    async updateGame(
      actor: StaffActor,
      id: number,
      patch: AdminCatalogGamePatch,
    ): Promise<AdminCatalogGame> {
      const changes = changesOf(patch);
      return db.transaction(async (tx) => {
        const before = await repo.lockGame(tx, id);
        if (!before) throw AppError.notFound('Game');
        if (changes.collections) {
          const wanted = [...new Set(changes.collections)];
          const ids = await repo.collectionIds(tx, wanted);
          const unknown = wanted.filter((identity) => !ids.has(identity));
          if (unknown.length > 0) {
            throw AppError.invalid('body.collections', `No such collection: ${unknown.join(', ')}`);
          }
          await repo.setMemberships(tx, id, [...ids.values()]);
        }
        await repo.updateGame(tx, id, {
          ...(changes.enabled === undefined ? {} : { enabled: changes.enabled }),
          ...(changes.position === undefined ? {} : { position: changes.position }),
          ...(changes.countries === undefined
            ? {}
            : { countries: [...new Set(changes.countries)].sort() }),
        });
        const after = (await repo.lockGame(tx, id))!;
        const keys = Object.keys(changes);
        await audit(
          tx,
          actor,
          'catalog.game-updated',
          { type: 'game', id },
          pick(before, keys),
          pick(after, keys),
          patch.reason,
        );
        return after;
      });
    },

    async listCollections(): Promise<{ data: AdminCollection[] }> {
      return { data: await repo.listCollections(db) };
    },

    async updateCollection(
      actor: StaffActor,
      id: number,
      patch: AdminCollectionPatch,
    ): Promise<AdminCollection> {
      const changes = changesOf(patch);
      if (changes.countries) changes.countries = [...new Set(changes.countries)].sort();
      return db.transaction(async (tx) => {
        const before = await repo.lockCollection(tx, id);
        if (!before) throw AppError.notFound('Collection');
        await repo.updateCollection(tx, id, changes);
        const after = { ...before, ...changes };
        const keys = Object.keys(changes);
        await audit(
          tx,
          actor,
          'catalog.collection-updated',
          { type: 'collection', id },
          pick(before, keys),
          pick(after, keys),
          patch.reason,
        );
        return {
          id: after.id,
          identity: after.identity,
          name: after.name,
          countries: after.countries,
          position: after.position,
          games: await repo.countMembers(tx, id),
        };
      });
    },

    async listBundles(): Promise<{ data: AdminBundle[] }> {
      return { data: (await repo.listBundles(db)).map(toAdminBundle) };
    },

    async updateBundle(
      actor: StaffActor,
      id: number,
      patch: AdminBundlePatch,
    ): Promise<AdminBundle> {
      const changes = changesOf(patch);
      return db.transaction(async (tx) => {
        const before = await repo.lockBundle(tx, id);
        if (!before) throw AppError.notFound('Bundle');
        const startsAt = instantOrNull(changes.startsAt);
        const endsAt = instantOrNull(changes.endsAt);
        // The window as it will be, the unchanged end included (the table's check would 500).
        const start = startsAt === undefined ? before.startsAt : startsAt;
        const end = endsAt === undefined ? before.endsAt : endsAt;
        if (start && end && end <= start) {
          throw AppError.invalid(
            changes.endsAt === undefined ? 'body.startsAt' : 'body.endsAt',
            `The sale must end after it starts (${start.toISOString()})`,
          );
        }
        const { startsAt: _start, endsAt: _end, ...plain } = changes;
        await repo.updateBundle(tx, id, {
          ...plain,
          ...(startsAt === undefined ? {} : { startsAt }),
          ...(endsAt === undefined ? {} : { endsAt }),
        });
        const after = toAdminBundle((await repo.lockBundle(tx, id))!);
        const keys = Object.keys(changes);
        await audit(
          tx,
          actor,
          'catalog.bundle-updated',
          { type: 'bundle', id },
          pick(toAdminBundle(before), keys),
          pick(after, keys),
          patch.reason,
        );
        return after;
      });
    },
  };
}
export type CatalogAdminService = ReturnType<typeof createCatalogAdminService>;
