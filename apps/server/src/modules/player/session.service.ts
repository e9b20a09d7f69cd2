import {
  type AccessToken,
  type Device,
  type GeoLocation,
  type LoginBody,
  type PageQuery,
  type PlayerSessionList,
  type SessionResponse,
  type SupportPass,
} from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import type { OutboxRecorder } from '../../platform/events/outbox.repo.ts';
import { assertSessionStands, type Actor, type TokenSigner } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { mayRenewExpired, secondsUntil, tokenGenerationStanding } from '../../platform/auth.fns.ts';
import { assertMayLogIn, normalizeEmail } from './auth.fns.ts';
import type { PasswordHasher } from '../../platform/password-hasher.ts';
import type { LoginThrottle } from './throttles.service.ts';
import type { PlayerRepo, PlayerRow, PlayerSessionRow } from './player.repo.ts';
import { pageMeta, toProfile, toSessionItem } from './player.fns.ts';
import type { SessionChanges } from '../../platform/sessions/session-changes.ts';

/** Where a request came from: stored on the session it opens or refreshes. */
export interface Origin {
  ip: string | null;
  device: Device;
  location: GeoLocation | null;
  /** The client's country as a trusted proxy named it (GEO_IP_COUNTRY_HEADER); null if not. */
  ipCountry?: string | null;
}

/** Where a refresh comes from: the session records the latest. */
export type RefreshOrigin = Partial<Omit<Origin, 'ip'>> & { ip: string | null };

const originColumns = (origin: RefreshOrigin) => ({
  ip: origin.ip,
  ...(origin.device ? { device: origin.device } : {}),
  ...(origin.location ? { location: origin.location } : {}),
  ...(origin.ipCountry ? { ipCountry: origin.ipCountry } : {}),
});

const invalidCredentials = () =>
  new AppError('INVALID_CREDENTIALS', 'The email or the password is not correct');

export function createSessionService(deps: {
  db: Database;
  repo: Pick<
    PlayerRepo,
    | 'findPlayerByEmail'
    | 'findPlayerById'
    | 'lockPlayer'
    | 'insertSession'
    | 'findOwnSession'
    | 'touchSession'
    | 'endSession'
    | 'listLiveSessions'
    | 'findSessionForAuth'
    | 'rotateTokenGeneration'
  >;
  tokens: Pick<TokenSigner, 'sign' | 'inspect'>;
  passwords: Pick<PasswordHasher, 'hash' | 'verify'>;
  throttle: Pick<
    LoginThrottle,
    'assertMayTry' | 'beginAttempt' | 'recordFailure' | 'recordSuccess'
  >;
  /**
   * Told after a session ended or its token generation moved, so every node forgets what it
   * cached at once (and drops an ended session's sockets).
   */
  sessionChanges: Pick<SessionChanges, 'publish'>;
  /** player.signed-in with every session opened (quests count login days). */
  outbox: OutboxRecorder;
  /** Runs after every login (password, social, token), before the answer; not at registration. */
  onLogin?: (player: PlayerRow) => Promise<void>;
  /**
   * A blocked or excluded player who proved their password may still talk to support (decision
   * 040): their refusal carries a pass that only /api/support and their support channel accept.
   */
  supportPass?: (playerId: string) => Promise<SupportPass>;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  // Unknown emails are verified against this so they cost as much time as a wrong password.
  let dummyHash: Promise<string> | undefined;
  const getDummyHash = () => (dummyHash ??= deps.passwords.hash('not-a-real-password'));

  async function issueToken(session: Pick<PlayerSessionRow, 'id' | 'playerId' | 'tokenVersion'>) {
    const { accessToken, claims } = await deps.tokens.sign({
      playerId: session.playerId,
      sessionId: session.id,
      tokenVersion: session.tokenVersion,
    });
    return { accessToken, expiresAfter: secondsUntil(claims.exp, now()) };
  }

  /** Ends the session and tells every node (its tokens, sockets and game sessions die). */
  async function endSession(playerId: string, sessionId: string): Promise<void> {
    await deps.repo.endSession(playerId, sessionId, new Date(now()));
    await deps.sessionChanges.publish({ sessionIds: [sessionId] });
  }

  /** The login answer for a session just opened. */
  async function sessionResponse(
    player: PlayerRow,
    session: PlayerSessionRow,
    isNewlyRegistered: boolean,
  ): Promise<SessionResponse> {
    if (!isNewlyRegistered) await deps.onLogin?.(player);
    return { ...(await issueToken(session)), profile: toProfile(player, isNewlyRegistered) };
  }

  /** Opens a session row inside the caller's transaction, and says so through the outbox. */
  async function startSession(
    tx: Database,
    playerId: string,
    origin: Origin,
  ): Promise<PlayerSessionRow> {
    const session = await deps.repo.insertSession(tx, { playerId, ...origin });
    await deps.outbox.record(tx, {
      type: 'player.signed-in',
      playerId,
      payload: { playerId, at: new Date(now()).toISOString() },
    });
    return session;
  }

  /**
   * startSession for a player already checked (assertMayLogIn), checked again under the player's
   * lock: a break taken or a password reset by staff meanwhile ended every session under that
   * lock, and this one must not slip in after it. `verifiedHash`: the password hash a login
   * verified, which must still be the player's (a change or reset since makes it refuse).
   */
  async function startCheckedSession(
    tx: Database,
    playerId: string,
    origin: Origin,
    verifiedHash?: string,
  ): Promise<PlayerSessionRow> {
    await deps.repo.lockPlayer(tx, playerId);
    const current = await deps.repo.findPlayerById(playerId, tx);
    if (current) {
      // The password typed is no longer the password: answered as a wrong one.
      if (verifiedHash !== undefined && current.passwordHash !== verifiedHash) {
        throw invalidCredentials();
      }
      assertMayLogIn(current, now());
    }
    return startSession(tx, playerId, origin);
  }

  /** Opens a checked session (startCheckedSession) and answers as login does. */
  async function openSession(
    player: PlayerRow,
    origin: Origin,
    verifiedHash?: string,
  ): Promise<SessionResponse> {
    const session = await deps.db.transaction((tx) =>
      startCheckedSession(tx, player.id, origin, verifiedHash),
    );
    return sessionResponse(player, session, false);
  }

  /** A blocked or excluded refusal, with the support pass in its details. */
  async function withSupportPass(err: unknown, playerId: string): Promise<unknown> {
    const refusesAll =
      err instanceof AppError && (err.code === 'ACCOUNT_BLOCKED' || err.code === 'PLAYER_EXCLUDED');
    if (!refusesAll || !deps.supportPass) return err;
    return new AppError(err.code, err.message, {
      ...err.details,
      supportPass: await deps.supportPass(playerId),
    });
  }

  /**
   * assertMayLogIn for a player who proved who they are (their password, or a provider's signed
   * identity): a blocked or excluded refusal carries the support pass (decision 040, 047).
   */
  async function assertMayLogInWithPass(player: PlayerRow): Promise<void> {
    try {
      assertMayLogIn(player, now());
    } catch (err) {
      throw await withSupportPass(err, player.id);
    }
  }

  return {
    /** Opens a session row inside the caller's transaction (registration uses it too). */
    startSession,
    startCheckedSession,
    assertMayLogInWithPass,

    sessionResponse,
    openSession,

    /**
     * Throttled per (account, IP) and per IP before any hashing; unknown email and wrong
     * password answer alike and take alike.
     */
    async login(
      body: LoginBody,
      ip: string | null,
      ipCountry: string | null = null,
    ): Promise<SessionResponse> {
      const email = normalizeEmail(body.email);
      await deps.throttle.assertMayTry(email, ip);
      await deps.throttle.beginAttempt(email, ip);

      const player = await deps.repo.findPlayerByEmail(email);
      // An account without a password of its own (social, removed, reset by staff) is checked
      // against the dummy hash too: a failure that came back at once would say which it is.
      const matches =
        player && !player.passwordHash.startsWith('!')
          ? await deps.passwords.verify(player.passwordHash, body.password)
          : await deps.passwords.verify(await getDummyHash(), body.password).then(() => false);
      if (!player || !matches) {
        await deps.throttle.recordFailure(email, ip, { counted: true });
        throw invalidCredentials();
      }
      await deps.throttle.recordSuccess(email, ip);
      await assertMayLogInWithPass(player);
      return openSession(
        player,
        { device: body.device, ip, location: body.location ?? null, ipCountry },
        player.passwordHash,
      );
    },

    /**
     * A token of the next generation for the session of `token`, which is retired by it (after
     * the grace). The generation just retired, inside the grace, gets the current generation
     * again (two tabs refreshing at once); an older one is a stolen token replayed, or the
     * victim's after the thief refreshed: the session ends (docs/decisions/020). A token that
     * expired is renewed while its session lives (`mayRenewExpired`, decision 026); past the
     * inactivity window the session ends.
     */
    async refresh(token: string | null, origin: RefreshOrigin): Promise<AccessToken> {
      const inspection = token ? await deps.tokens.inspect(token) : null;
      if (!inspection || inspection.status === 'invalid') {
        throw new AppError('UNAUTHENTICATED', 'The session token is not valid');
      }
      const { claims } = inspection;
      const sessionIds = { id: claims.sid, playerId: claims.sub };
      // Read from the database, not the guard's cache: the generation must be the latest.
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const session = await deps.repo.findSessionForAuth(claims.sid);
        const at = now();
        assertSessionStands(session, claims, at, { allowRetired: true });
        if (inspection.status === 'expired' && !mayRenewExpired(claims, session.lastSeenAt, at)) {
          await endSession(claims.sub, claims.sid);
          throw new AppError(
            'SESSION_ENDED',
            'The session ended after 20 minutes without activity',
          );
        }
        switch (tokenGenerationStanding(session, claims.ver, at)) {
          case 'current': {
            const rotated = await deps.repo.rotateTokenGeneration(claims.sid, claims.ver, {
              at: new Date(at),
              ...originColumns(origin),
            });
            // Another refresh of this generation won the race: decide again on the new row.
            if (!rotated) continue;
            await deps.sessionChanges.publish({ sessionIds: [claims.sid] });
            return issueToken({ ...sessionIds, tokenVersion: rotated.tokenVersion });
          }
          case 'previous-in-grace':
            await deps.repo.touchSession(claims.sid, {
              lastSeenAt: new Date(at),
              ...originColumns(origin),
            });
            return issueToken({ ...sessionIds, tokenVersion: session.tokenVersion });
          case 'retired':
            await endSession(claims.sub, claims.sid);
            throw new AppError('SESSION_ENDED', 'This session has ended');
          case 'ahead': // refused by assertSessionStands (a generation never issued)
            break;
        }
      }
      throw new AppError('UNAUTHENTICATED', 'The session token is not valid');
    },

    logout: (actor: Actor) => endSession(actor.playerId, actor.sessionId),

    /** Ends one of the caller's own sessions; another player's id is simply not found. */
    async close(actor: Actor, sessionId: string): Promise<void> {
      const session = await deps.repo.findOwnSession(actor.playerId, sessionId);
      if (!session) throw AppError.notFound('Session');
      if (session.endedAt) return;
      await endSession(actor.playerId, sessionId);
    },

    async list(actor: Actor, query: PageQuery): Promise<PlayerSessionList> {
      const { rows, total } = await deps.repo.listLiveSessions(actor.playerId, {
        limit: query.perPage,
        offset: (query.page - 1) * query.perPage,
      });
      return {
        data: rows.map((row) => toSessionItem(row, actor.sessionId)),
        meta: pageMeta(query.page, query.perPage, total),
      };
    },
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
