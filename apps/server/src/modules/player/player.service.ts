import {
  type FieldScenario,
  type FieldValidation,
  type PlayerProfile,
  type RegisterBody,
  type SessionResponse,
} from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { normalizeEmail } from './auth.fns.ts';
import type { PasswordHasher } from './password-hasher.ts';
import type { PlayerRepo, PlayerRow } from './player.repo.ts';
import { fieldValidations, isNewlyRegistered, toProfile } from './player.fns.ts';
import type { SessionService } from './session.service.ts';

export function createPlayerService(deps: {
  db: Database;
  repo: Pick<PlayerRepo, 'insertPlayer' | 'findPlayerById' | 'findFirstSessionId'>;
  passwords: Pick<PasswordHasher, 'hash'>;
  sessions: Pick<SessionService, 'startSession' | 'sessionResponse'>;
  /** Runs after a registration commits (the confirmation mail); a failure does not undo it. */
  afterRegister?: (player: PlayerRow) => Promise<void>;
}) {
  return {
    /** Creates the player and its first session in one transaction; logs the player in. */
    async register(body: RegisterBody, ip: string | null): Promise<SessionResponse> {
      // Hashing is slow: done before the transaction so no connection waits on it.
      const passwordHash = await deps.passwords.hash(body.password);
      const { player, session } = await deps.db.transaction(async (tx) => {
        const created = await deps.repo.insertPlayer(tx, {
          email: normalizeEmail(body.email),
          passwordHash,
          nickname: body.nickname ?? null,
          agreedTc: true,
          receiveEmailPromo: body.receiveEmailPromo,
        });
        if (!created) {
          throw new AppError('EMAIL_TAKEN', 'An account with this email already exists', {
            fields: [{ field: 'body.email', message: 'This email is already registered' }],
          });
        }
        const opened = await deps.sessions.startSession(tx, created.id, {
          ip,
          device: body.device,
          location: body.location ?? null,
        });
        return { player: created, session: opened };
      });
      await deps.afterRegister?.(player);
      return deps.sessions.sessionResponse(player, session, true);
    },

    async profile(actor: Actor): Promise<PlayerProfile> {
      const player = await deps.repo.findPlayerById(actor.playerId);
      if (!player) throw new AppError('UNAUTHENTICATED', 'The session token is not valid');
      const firstSessionId = await deps.repo.findFirstSessionId(player.id);
      return toProfile(player, isNewlyRegistered(player, actor.sessionId, firstSessionId));
    },

    fieldValidations: (scenario: FieldScenario): { data: FieldValidation[] } => ({
      data: fieldValidations(scenario),
    }),
  };
}
export type PlayerService = ReturnType<typeof createPlayerService>;
