import countries from 'i18n-iso-countries';
import type { KycState, TsevoPlayerBody } from '@coinfall/shared';
import type { Actor } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import type { OutboxRecorder } from '../../platform/events/outbox.repo.ts';
import type { PlayerRepo, PlayerRow } from '../player/player.repo.ts';
import { checkResult, kycIdentity, toKycState } from './kyc.fns.ts';
import { KycProviderUnavailableError, type KycIdentity, type KycProvider } from './kyc.provider.ts';
import type { KycRepo } from './kyc.repo.ts';

const sessionGone = () => new AppError('UNAUTHENTICATED', 'The session token is not valid');
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

  async function state(playerId: string): Promise<KycState> {
    const player = await deps.players.findPlayerById(playerId);
    if (!player) throw sessionGone();
    return toKycState(player, await repo.latestCheck(playerId));
  }

  return {
    state: (actor: Actor): Promise<KycState> => state(actor.playerId),

    /** Registers the player at the provider: a new check, pending. */
    async create(actor: Actor, body: TsevoPlayerBody): Promise<KycState> {
      const player = await playerOf(actor);
      const latest = await repo.latestCheck(actor.playerId);
      if (player.kycVerified || latest?.status === 'verified') {
        throw new AppError('CONFLICT', 'The identity is verified already');
      }
      if (latest?.status === 'pending') {
        throw new AppError(
          'CONFLICT',
          'An identity check is under way: correct its data with PUT or ask for its result',
        );
      }
      const identity = identityOf(player, body);
      const registration = await ask(() => provider.registerPlayer(identity));
      const at = now();
      await repo.db.transaction(async (tx) => {
        if (!(await deps.players.lockPlayer(tx, actor.playerId))) throw sessionGone();
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
      if (latest.status === 'verified') return state(actor.playerId);
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
        const kycVerified = outcome.status === 'verified';
        if (kycVerified) await deps.players.markKycVerified(tx, actor.playerId, at);
        const player = await deps.players.findPlayerById(actor.playerId, tx);
        await deps.outbox.record(tx, {
          type: 'kyc.player.updated',
          playerId: actor.playerId,
          payload: {
            playerId: actor.playerId,
            kycVerified: player?.kycVerified ?? kycVerified,
            status: outcome.status,
          },
        });
      });
      return state(actor.playerId);
    },
  };
}
export type KycService = ReturnType<typeof createKycService>;
