import type { UserCheckResponse, UserDeleteBody } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { PLAYER_CODE_PURPOSES } from '../../db/schema/index.ts';
import type { Actor } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { anonymisedPlayer, hasUsablePassword } from './account-removal.fns.ts';
import type { OneTimeCodes } from './confirmations.service.ts';
import type { PasswordHasher } from '../../platform/password-hasher.ts';
import { lockPlayerRow, type PlayerRepo } from './player.repo.ts';
import type { SessionChanges } from '../../platform/sessions/session-changes.ts';
import type { PasswordRecheckThrottle } from './throttles.service.ts';

/** Account check and removal by the player (spec §4 removeAccount, accountRemoved alert). */
export function createAccountRemovalService(deps: {
  db: Database;
  repo: Pick<PlayerRepo, 'findPlayerById' | 'updatePlayer' | 'endSessionsExcept'>;
  identities: { forgetIdentityEmails(playerId: string, tx: Database): Promise<void> };
  codes: Pick<OneTimeCodes, 'revokeAll'>;
  passwords: Pick<PasswordHasher, 'verify'>;
  now?: () => number;
  sessionChanges: Pick<SessionChanges, 'publish'>;
  /** The password typed to confirm is throttled per player (429 with Retry-After). */
  rechecks: Pick<PasswordRecheckThrottle, 'check'>;
}) {
  const now = deps.now ?? Date.now;

  async function playerOf(actor: Actor) {
    const player = await deps.repo.findPlayerById(actor.playerId);
    if (!player) throw new AppError('UNAUTHENTICATED', 'The session token is not valid');
    return player;
  }

  return {
    /** The guard already refuses removed accounts; this answers for the live ones. */
    async check(actor: Actor): Promise<UserCheckResponse> {
      const player = await playerOf(actor);
      return { removed: player.removedAt !== null };
    },

    /**
     * Anonymises the player, ends every session, forgets the email on linked identities and
     * spends every mailed code, in one transaction. Ledger tables are never touched.
     */
    async remove(actor: Actor, body: UserDeleteBody): Promise<void> {
      const player = await playerOf(actor);
      if (hasUsablePassword(player.passwordHash)) {
        const { password } = body;
        const confirmed =
          password !== undefined &&
          (await deps.rechecks.check(player.id, () =>
            deps.passwords.verify(player.passwordHash, password),
          ));
        if (!confirmed) {
          throw AppError.invalid(
            'body.password',
            password === undefined
              ? 'Type your password to remove the account'
              : 'The password is not correct',
          );
        }
      }
      await deps.db.transaction(async (tx) => {
        await lockPlayerRow(tx, player.id);
        const at = new Date(now());
        await deps.repo.updatePlayer(player.id, anonymisedPlayer(player.id, at), tx);
        await deps.repo.endSessionsExcept(player.id, null, at, tx);
        await deps.identities.forgetIdentityEmails(player.id, tx);
        for (const purpose of PLAYER_CODE_PURPOSES) {
          await deps.codes.revokeAll(player.id, purpose, tx);
        }
      });
      await deps.sessionChanges.publish({ playerIds: [player.id] });
    },
  };
}
export type AccountRemovalService = ReturnType<typeof createAccountRemovalService>;
