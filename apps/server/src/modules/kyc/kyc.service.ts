import countries from 'i18n-iso-countries';
import type { KycState, TsevoPlayerBody } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import type { KycCheckStatus } from '../../db/schema/index.ts';
import type { Actor } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import type { OutboxRecorder } from '../../platform/events/outbox.repo.ts';
import type { PlayerRepo, PlayerRow } from '../player/player.repo.ts';
import { checkResult, kycIdentity, toKycState } from './kyc.fns.ts';
import { KycProviderUnavailableError, type KycIdentity, type KycProvider } from './kyc.provider.ts';
import type { KycRepo } from './kyc.repo.ts';

const sessionGone = () => new AppError('UNAUTHENTICATED', 'The session token is not valid');

/** The provider name of checks decided by staff on a document (back office, decision 037). */
export const STAFF_REVIEW_PROVIDER = 'staff-review';
/** What a player reads of a staff rejection: the staff's own words stay in the audit. */
const DOCUMENT_REJECTED = {
  code: 'document_rejected',
  message: 'The document could not be accepted. Please upload a new, clear document.',
};
const noCheck = () => AppError.notFound('Identity check');

/** Identity checks at the KYC provider (spec §7 /api/player/integrations/tsevo/player…). */
export function createKycService(deps: {
  repo: KycRepo;
  players: Pick<PlayerRepo, 'lockPlayer' | 'findPlayerById' | 'markKycVerified'>;
  provider: KycProvider;
  outbox: OutboxRecorder;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const { repo, provider } = deps;

  async function playerOf(actor: Actor): Promise<PlayerRow> {
    const player = await deps.players.findPlayerById(actor.playerId);
    if (!player) throw sessionGone();
    return player;
  }

  /** The profile completed by the body; 400 naming every field the provider needs and lacks. */
  function identityOf(player: PlayerRow, body: TsevoPlayerBody): KycIdentity {
    if (body.country && !countries.isValid(body.country.toUpperCase())) {
      throw AppError.invalid('body.country', 'Not an ISO 3166-1 alpha-2 country code');
    }
    const { identity, missing } = kycIdentity(player, body);
    if (!identity) {
      const message = 'Needed for the identity check: fill it in the profile or send it';
      throw new AppError('VALIDATION_FAILED', `Missing ${missing.join(', ')}`, {
        fields: missing.map((field) => ({ field, message })),
      });
    }
    return identity;
  }

  /** Provider outages become 503 with nothing changed on our side. */
  async function ask<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof KycProviderUnavailableError) {
        throw new AppError(
          'SERVICE_UNAVAILABLE',
          'The identity provider is not answering; try again in a few minutes',
        );
      }
      throw error;
    }
  }

  /** A changed check status: a pass sets kycVerified; either is published to the player. */
  async function applied(tx: Database, playerId: string, status: KycCheckStatus, at: Date) {
    const kycVerified = status === 'verified';
    if (kycVerified) await deps.players.markKycVerified(tx, playerId, at);
    const player = await deps.players.findPlayerById(playerId, tx);
    await deps.outbox.record(tx, {
      type: 'kyc.player.updated',
      playerId,
      payload: { playerId, kycVerified: player?.kycVerified ?? kycVerified, status },
    });
  }

  async function state(playerId: string): Promise<KycState> {
    const player = await deps.players.findPlayerById(playerId);
    if (!player) throw sessionGone();
    return toKycState(player, await repo.latestCheck(playerId));
  }

  /** A new check only when the player is not verified and no check is under way. */
  function assertMayStartCheck(
    player: { kycVerified: boolean },
    latest: { status: string } | undefined,
  ): void {
    if (player.kycVerified || latest?.status === 'verified') {
      throw new AppError('CONFLICT', 'The identity is verified already');
    }
    if (latest?.status === 'pending') {
      throw new AppError(
        'CONFLICT',
        'An identity check is under way: correct its data with PUT or ask for its result',
      );
    }
  }

  return {
    state: (actor: Actor): Promise<KycState> => state(actor.playerId),

    /** Registers the player at the provider: a new check, pending. */
    async create(actor: Actor, body: TsevoPlayerBody): Promise<KycState> {
      const player = await playerOf(actor);
      assertMayStartCheck(player, await repo.latestCheck(actor.playerId));
      const identity = identityOf(player, body);
      const registration = await ask(() => provider.registerPlayer(identity));
      const at = now();
      await repo.db.transaction(async (tx) => {
        if (!(await deps.players.lockPlayer(tx, actor.playerId))) throw sessionGone();
        // Again under the lock: a staff approval or a second request may have come meanwhile.
        const current = await deps.players.findPlayerById(actor.playerId, tx);
        if (!current) throw sessionGone();
        assertMayStartCheck(current, await repo.latestCheck(actor.playerId, tx));
        await repo.insertCheck(tx, {
          playerId: actor.playerId,
          provider: provider.name,
          providerReference: registration.reference,
          status: registration.status,
          result: checkResult({ status: registration.status, reasons: [] }, at),
          createdAt: at,
          updatedAt: at,
        });
      });
      return state(actor.playerId);
    },

    /** Sends corrected data for the latest check while pending or rejected; pending again. */
    async update(actor: Actor, body: TsevoPlayerBody): Promise<KycState> {
      const player = await playerOf(actor);
      const latest = await repo.latestCheck(actor.playerId);
      if (!latest) throw noCheck();
      if (latest.status === 'verified') {
        throw new AppError('CONFLICT', 'The identity is verified already');
      }
      // A staff decision is not the provider's check: a new one starts with POST.
      if (latest.provider !== provider.name) throw noCheck();
      const identity = identityOf(player, body);
      const answer = await ask(() => provider.updatePlayer(latest.providerReference, identity));
      const at = now();
      const updated = await repo.db.transaction((tx) =>
        repo.updateCheck(tx, latest.id, latest.status, {
          status: answer.status,
          result: checkResult({ status: answer.status, reasons: [] }, at),
          updatedAt: at,
        }),
      );
      if (!updated) throw new AppError('CONFLICT', 'The check changed meanwhile; reload it');
      return state(actor.playerId);
    },

    /**
     * Asks the provider for the latest check's result and stores it. A change of status is
     * recorded with a kyc.player.updated event in the same transaction; a pass sets
     * players.kyc_verified.
     */
    async validate(actor: Actor): Promise<KycState> {
      const latest = await repo.latestCheck(actor.playerId);
      if (!latest) throw noCheck();
      if (latest.status === 'verified' || latest.provider !== provider.name) {
        return state(actor.playerId);
      }
      const outcome = await ask(() => provider.validate(latest.providerReference));
      const at = now();
      await repo.db.transaction(async (tx) => {
        if (!(await deps.players.lockPlayer(tx, actor.playerId))) throw sessionGone();
        const updated = await repo.updateCheck(tx, latest.id, latest.status, {
          status: outcome.status,
          result: checkResult(outcome, at),
          updatedAt: at,
        });
        // Another call applied an answer first; its result stands.
        if (!updated || outcome.status === latest.status) return;
        await applied(tx, actor.playerId, outcome.status, at);
      });
      return state(actor.playerId);
    },

    /**
     * A staff decision on one of the player's documents (back office KYC review), in the
     * caller's transaction holding the player's row: recorded as a check of its own (provider
     * staff-review, reference document:<id>) and applied like a provider's answer — a pass sets
     * kycVerified, either publishes kyc.player.updated (the site's push and its alert). A player
     * verified already keeps their state: nothing is recorded or published.
     */
    async recordStaffReview(
      tx: Database,
      review: { playerId: string; documentId: string; status: 'verified' | 'rejected'; at: Date },
    ): Promise<KycState> {
      const before = await deps.players.findPlayerById(review.playerId, tx);
      if (!before) throw AppError.notFound('Player');
      if (!before.kycVerified) {
        const reasons = review.status === 'rejected' ? [DOCUMENT_REJECTED] : [];
        await repo.insertCheck(tx, {
          playerId: review.playerId,
          provider: STAFF_REVIEW_PROVIDER,
          providerReference: `document:${review.documentId}`,
          status: review.status,
          result: checkResult({ status: review.status, reasons }, review.at),
          createdAt: review.at,
          updatedAt: review.at,
        });
        await applied(tx, review.playerId, review.status, review.at);
      }
      const player = await deps.players.findPlayerById(review.playerId, tx);
      return toKycState(player ?? before, await repo.latestCheck(review.playerId, tx));
    },
  };
}
export type KycService = ReturnType<typeof createKycService>;
