import type { OutboxRecorder } from '../../platform/events/outbox.repo.ts';
import type { Database } from '../../db/client.ts';
import type { PlayerCodePurpose } from '../../db/schema/index.ts';
import type { Actor } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import {
  CODE_TTL_MS,
  confirmEmailLink,
  emailConfirmationMail,
  hashOneTimeCode,
  newOneTimeCode,
} from './confirmations.fns.ts';
import type { CodeRepo } from './confirmations.repo.ts';
import type { PlayerRepo, PlayerRow } from './player.repo.ts';

/** Issues and spends mailed one-time codes; only their hashes reach the database. */
export function createOneTimeCodes(deps: { repo: CodeRepo; now?: () => number }) {
  const now = deps.now ?? Date.now;
  return {
    /** A new code for the player; earlier unused codes of the same purpose stop working. */
    async issue(playerId: string, purpose: PlayerCodePurpose, tx?: Database): Promise<string> {
      const code = newOneTimeCode();
      const at = now();
      await deps.repo.revokeCodes(playerId, purpose, new Date(at), tx);
      await deps.repo.insertCode(
        {
          playerId,
          purpose,
          codeHash: hashOneTimeCode(code),
          expiresAt: new Date(at + CODE_TTL_MS[purpose]),
        },
        tx,
      );
      return code;
    },

    /** The owner of a live code, spending it; undefined for an unknown, used or expired code. */
    consume(purpose: PlayerCodePurpose, code: string, tx?: Database): Promise<string | undefined> {
      return deps.repo.consumeCode(purpose, hashOneTimeCode(code), new Date(now()), tx);
    },

    revokeAll(playerId: string, purpose: PlayerCodePurpose, tx?: Database): Promise<void> {
      return deps.repo.revokeCodes(playerId, purpose, new Date(now()), tx);
    },
  };
}
export type OneTimeCodes = ReturnType<typeof createOneTimeCodes>;

export const invalidCode = () =>
  AppError.invalid('body.code', 'This code is not valid: it is unknown, already used or expired');

/** Email confirmation (spec §4 "Email is verified when confirmedAt is present"). */
export function createEmailConfirmationService(deps: {
  db: Database;
  repo: Pick<PlayerRepo, 'findPlayerById' | 'updatePlayer'>;
  /** player.verified (quests count it). */
  outbox: OutboxRecorder;
  codes: Pick<OneTimeCodes, 'issue' | 'consume' | 'revokeAll'>;
  mailer: Mailer;
  publicUrl: string;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;

  async function send(player: Pick<PlayerRow, 'id' | 'email'>): Promise<void> {
    const code = await deps.codes.issue(player.id, 'email_confirmation');
    // The link also logs the player in on a device without a session (a mail client's browser).
    const autoLogin = await deps.codes.issue(player.id, 'auto_login');
    await deps.mailer.send(
      emailConfirmationMail(player.email, confirmEmailLink(deps.publicUrl, code, autoLogin)),
    );
  }

  return {
    /** Mails a confirmation code to a player just registered. */
    send,

    async resend(actor: Actor): Promise<void> {
      const player = await deps.repo.findPlayerById(actor.playerId);
      if (!player) throw new AppError('UNAUTHENTICATED', 'The session token is not valid');
      if (player.emailConfirmedAt) {
        throw new AppError('CONFLICT', 'The email address is already confirmed');
      }
      await send(player);
    },

    /** The code alone identifies the player, so the link works on a device not logged in. */
    async confirm(code: string): Promise<void> {
      const playerId = await deps.codes.consume('email_confirmation', code);
      if (!playerId) throw invalidCode();
      const player = await deps.repo.findPlayerById(playerId);
      if (!player) throw invalidCode();
      if (!player.emailConfirmedAt) {
        const at = new Date(now());
        await deps.db.transaction(async (tx) => {
          await deps.repo.updatePlayer(playerId, { emailConfirmedAt: at, updatedAt: at }, tx);
          await deps.outbox.record(tx, {
            type: 'player.verified',
            playerId,
            payload: { playerId, what: 'email' },
          });
        });
      }
    },
  };
}
export type EmailConfirmationService = ReturnType<typeof createEmailConfirmationService>;
