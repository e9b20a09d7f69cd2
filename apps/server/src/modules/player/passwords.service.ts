import type { ChangePasswordBody, PasswordConfirmBody, PasswordResetBody } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { isBlocked } from '../../platform/auth.fns.ts';
import { normalizeEmail } from './auth.fns.ts';
import { PLAYER_CODE_PURPOSES } from '../../db/schema/index.ts';
import { RESET_REQUIRED_PASSWORD_HASH } from './account-removal.fns.ts';
import {
  forcedPasswordResetMail,
  passwordResetMail,
  resetPasswordLink,
} from './confirmations.fns.ts';
import { invalidCode, type OneTimeCodes } from './confirmations.service.ts';
import type { PasswordHasher } from '../../platform/password-hasher.ts';
import type { PlayerRepo } from './player.repo.ts';
import type { SessionChanges } from '../../platform/sessions/session-changes.ts';
import type { PasswordRecheckThrottle } from './throttles.service.ts';

/** Password change (logged in) and reset by mailed code (spec §7 "Player"). */
export function createPasswordService(deps: {
  db: Database;
  repo: Pick<
    PlayerRepo,
    'findPlayerById' | 'findPlayerByEmail' | 'updatePlayer' | 'endSessionsExcept' | 'lockPlayer'
  >;
  passwords: Pick<PasswordHasher, 'hash' | 'verify'>;
  codes: Pick<OneTimeCodes, 'issue' | 'consume' | 'revokeAll'>;
  mailer: Mailer;
  publicUrl: string;
  sessionChanges: Pick<SessionChanges, 'publish'>;
  /** The current password typed again is throttled per player (429 with Retry-After). */
  rechecks: Pick<PasswordRecheckThrottle, 'check'>;
  /** Reset mails per address: refuses (429) past the budget, known address or not. */
  resetMails: { admit(email: string): Promise<void> };
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;

  /**
   * New hash, other sessions ended (all when keepSessionId is null), reset codes and mailed login
   * links spent: a link mailed before the change must not open a session after it.
   */
  async function setPassword(
    tx: Database,
    playerId: string,
    passwordHash: string,
    keepSessionId: string | null,
  ): Promise<void> {
    const at = new Date(now());
    await deps.repo.updatePlayer(playerId, { passwordHash, updatedAt: at }, tx);
    await deps.repo.endSessionsExcept(playerId, keepSessionId, at, tx);
    await deps.codes.revokeAll(playerId, 'password_reset', tx);
    await deps.codes.revokeAll(playerId, 'auto_login', tx);
  }

  return {
    /** Keeps the caller's session; every other session of the player ends (its tokens with it). */
    async change(actor: Actor, body: ChangePasswordBody): Promise<void> {
      const player = await deps.repo.findPlayerById(actor.playerId);
      if (!player) throw new AppError('UNAUTHENTICATED', 'The session token is not valid');
      const matches = await deps.rechecks.check(player.id, () =>
        deps.passwords.verify(player.passwordHash, body.currentPassword),
      );
      if (!matches) {
        throw AppError.invalid('body.currentPassword', 'The current password is not correct');
      }
      const passwordHash = await deps.passwords.hash(body.newPassword);
      await deps.db.transaction(async (tx) => {
        // The password verified must still be the player's: a reset by staff (or another
        // change) committed meanwhile is not undone by this one.
        await deps.repo.lockPlayer(tx, player.id);
        const current = await deps.repo.findPlayerById(player.id, tx);
        if (current?.passwordHash !== player.passwordHash) {
          throw new AppError(
            'CONFLICT',
            'The password was changed or reset meanwhile; nothing was changed',
          );
        }
        await setPassword(tx, player.id, passwordHash, actor.sessionId);
      });
      await deps.sessionChanges.publish({ playerIds: [player.id] });
    },

    /**
     * Mails a reset code when the email belongs to a player who is not blocked; the caller
     * answers the same whatever happened here, so accounts cannot be enumerated.
     */
    async requestReset(body: PasswordResetBody): Promise<void> {
      const email = normalizeEmail(body.email);
      await deps.resetMails.admit(email);
      const player = await deps.repo.findPlayerByEmail(email);
      if (!player || isBlocked(player.status)) return;
      const code = await deps.codes.issue(player.id, 'password_reset');
      await deps.mailer.send(
        passwordResetMail(player.email, resetPasswordLink(deps.publicUrl, code)),
      );
    },

    /**
     * Staff force a reset (issue 17), in their transaction: the password stops working (no
     * password matches the reset-required hash), every session ends, and every mailed code is
     * spent — a login link of the confirmation mail would otherwise still open a session. Answers
     * how many sessions ended. `mailForcedReset` then sends a new reset code, after commit.
     */
    async revokePassword(tx: Database, playerId: string): Promise<number> {
      const at = new Date(now());
      await deps.repo.updatePlayer(
        playerId,
        { passwordHash: RESET_REQUIRED_PASSWORD_HASH, updatedAt: at },
        tx,
      );
      // Codes first: a login link spent meanwhile waits on its row, then finds it revoked.
      for (const purpose of PLAYER_CODE_PURPOSES) await deps.codes.revokeAll(playerId, purpose, tx);
      return deps.repo.endSessionsExcept(playerId, null, at, tx);
    },

    async mailForcedReset(player: { id: string; email: string }): Promise<void> {
      const code = await deps.codes.issue(player.id, 'password_reset');
      await deps.mailer.send(
        forcedPasswordResetMail(player.email, resetPasswordLink(deps.publicUrl, code)),
      );
    },

    /** Spends the code and sets the password; every session of the player ends. */
    async confirmReset(body: PasswordConfirmBody): Promise<void> {
      // Hashing is slow: done before the transaction so no connection waits on it.
      const passwordHash = await deps.passwords.hash(body.password);
      const playerId = await deps.db.transaction(async (tx) => {
        const owner = await deps.codes.consume('password_reset', body.code, tx);
        if (!owner) throw invalidCode();
        await setPassword(tx, owner, passwordHash, null);
        return owner;
      });
      await deps.sessionChanges.publish({ playerIds: [playerId] });
    },
  };
}
export type PasswordService = ReturnType<typeof createPasswordService>;
