import type { SessionResponse, TokenLoginBody } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { OneTimeCodes } from './confirmations.service.ts';
import type { PlayerRepo } from './player.repo.ts';
import type { SessionService } from './session.service.ts';

const invalidToken = () =>
  AppError.invalid(
    'body.token',
    'This login link is not valid: it is unknown, already used or expired',
  );

/** Auto-login by the one-time token of a mailed link (the confirmation mail carries one). */
export function createTokenLoginService(deps: {
  db: Database;
  codes: Pick<OneTimeCodes, 'consume'>;
  repo: Pick<PlayerRepo, 'findPlayerById'>;
  sessions: Pick<SessionService, 'startSession' | 'sessionResponse' | 'assertMayLogInWithPass'>;
}) {
  return {
    /**
     * Spends the token and opens a session in one transaction: a refused player (removed,
     * blocked) or a failed insert leaves the token as it was. The link proves the mailbox as a
     * password would, so a blocked or excluded refusal carries the support pass (decision 047).
     */
    async login(body: TokenLoginBody, ip: string | null): Promise<SessionResponse> {
      const { player, session } = await deps.db.transaction(async (tx) => {
        const playerId = await deps.codes.consume('auto_login', body.token, tx);
        const owner = playerId ? await deps.repo.findPlayerById(playerId, tx) : undefined;
        if (!owner) throw invalidToken();
        await deps.sessions.assertMayLogInWithPass(owner);
        const opened = await deps.sessions.startSession(tx, owner.id, {
          ip,
          device: body.device,
          location: body.location ?? null,
        });
        return { player: owner, session: opened };
      });
      return deps.sessions.sessionResponse(player, session, false);
    },
  };
}
export type TokenLoginService = ReturnType<typeof createTokenLoginService>;
