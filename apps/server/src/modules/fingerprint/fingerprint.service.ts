import type { FingerprintQuery, FingerprintResult } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import type { PlayerRowLock } from '../wallet/wallet.service.ts';
import { foreignIdentityField, welcomeOutcome } from './fingerprint.fns.ts';
import type { FingerprintRepo } from './fingerprint.repo.ts';

/** The welcome coins as the bonus engine grants them (its `grantWelcome` / `hadWelcome`). */
export interface WelcomeCoins {
  grant(tx: Database, playerId: string): Promise<void>;
  hadWelcome(tx: Database, playerIds: string[]): Promise<boolean>;
}

/**
 * The device fingerprint (issue 19, decision 049): links the session's player to the browser's
 * visitor id and settles welcome coins that waited for it.
 */
export function createFingerprintService(deps: {
  repo: FingerprintRepo;
  players: { findPlayerById(id: string, tx?: Database): Promise<{ email: string } | undefined> };
  playerLock: PlayerRowLock;
  welcome: WelcomeCoins;
  /** Whether the site sends fingerprints (the content flag, every locale). */
  fingerprintOn: () => boolean;
  now?: () => Date;
}) {
  const { repo, welcome } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    /** Registration's hook: welcome coins now, or waiting for the device when it is reported. */
    async welcomeAtRegistration(tx: Database, playerId: string): Promise<void> {
      if (deps.fingerprintOn()) await repo.insertWaitingWelcome(tx, playerId);
      else await welcome.grant(tx, playerId);
    },

    /** GET /api/fp: the device is linked to the session's player, never to the one the query names. */
    async report(actor: Actor, query: FingerprintQuery): Promise<FingerprintResult> {
      const player = await deps.players.findPlayerById(actor.playerId);
      if (!player) throw new AppError('UNAUTHENTICATED', 'The session token is not valid');
      const foreign = foreignIdentityField(query, { id: actor.playerId, email: player.email });
      // Named like the schema's own query errors (`query.visitorId`).
      if (foreign) {
        throw AppError.invalid(`query.${foreign}`, `${foreign} is not the signed-in player’s`);
      }

      const at = now();
      const outcome = await repo.db.transaction(async (tx) => {
        // Device first, then the player: the one order every report takes (no other path locks
        // a device), so reports never wait on each other in a circle.
        await repo.lockVisitor(tx, query.visitorId);
        if (!(await deps.playerLock.lockRow(tx, actor.playerId))) {
          throw new AppError('UNAUTHENTICATED', 'The session token is not valid');
        }
        await repo.upsertLink(tx, query.visitorId, actor.playerId, at);
        const waiting = await repo.lockWaitingWelcome(tx, actor.playerId);
        const others = waiting ? await repo.playersSharingDevices(tx, actor.playerId) : [];
        const decided = welcomeOutcome({
          waiting: waiting !== undefined,
          anotherOnDeviceHadWelcome: others.length > 0 && (await welcome.hadWelcome(tx, others)),
        });
        if (decided === 'none') return decided;
        if (decided === 'granted') await welcome.grant(tx, actor.playerId);
        await repo.decideWelcome(tx, actor.playerId, {
          outcome: decided,
          visitorId: query.visitorId,
          at,
        });
        return decided;
      });
      return { linked: true, welcome: outcome };
    },
  };
}
export type FingerprintService = ReturnType<typeof createFingerprintService>;
