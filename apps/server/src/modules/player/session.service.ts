import {
  type AccessToken,
  type Device,
  type GeoLocation,
  type LoginBody,
  type PageQuery,
  type PlayerSessionList,
  type SessionResponse,
} from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import type { Actor, TokenSigner } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { secondsUntil } from '../../platform/auth.fns.ts';
import { LOGIN_THROTTLE, assertMayLogIn, normalizeEmail, throttleDecision } from './auth.fns.ts';
import type { FailureCounterStore } from './login-throttle.store.ts';
import type { PasswordHasher } from '../../platform/password-hasher.ts';
import type { PlayerRepo, PlayerRow, PlayerSessionRow } from './player.repo.ts';
import { pageMeta, toProfile, toSessionItem } from './player.fns.ts';
import type { SessionChanges } from '../../platform/sessions/session-changes.ts';

/** Where a request came from: stored on the session it opens or refreshes. */
export interface Origin {
  ip: string | null;
  device: Device;
  location: GeoLocation | null;
}

const invalidCredentials = () =>
  new AppError('INVALID_CREDENTIALS', 'The email or the password is not correct');

export function createSessionService(deps: {
  db: Database;
  repo: Pick<
    PlayerRepo,
    | 'findPlayerByEmail'
    | 'insertSession'
    | 'findOwnSession'
    | 'touchSession'
    | 'endSession'
    | 'listLiveSessions'
  >;
  tokens: Pick<TokenSigner, 'sign'>;
  passwords: Pick<PasswordHasher, 'hash' | 'verify'>;
  failures: FailureCounterStore;
  /** Told after a session ended, so every node forgets it at once (and drops its sockets). */
  sessionChanges: Pick<SessionChanges, 'publish'>;
  /** Runs after every login (password, social, token), before the answer; not at registration. */
  onLogin?: (player: PlayerRow) => Promise<void>;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  // Unknown emails are verified against this so they cost as much time as a wrong password.
  let dummyHash: Promise<string> | undefined;
  const getDummyHash = () => (dummyHash ??= deps.passwords.hash('not-a-real-password'));

  const throttleKeys = (email: string, ip: string | null) => ({
    account: `login:acct:${email}`,
    ip: `login:ip:${ip ?? 'unknown'}`,
  });

  async function ensureNotThrottled(keys: { account: string; ip: string }): Promise<void> {
    const [account, ip] = await deps.failures.read([keys.account, keys.ip]);
    const decision = throttleDecision([
      {
        failures: account?.failures ?? 0,
        ttlMs: account?.ttlMs ?? 0,
        rule: LOGIN_THROTTLE.account,
      },
      { failures: ip?.failures ?? 0, ttlMs: ip?.ttlMs ?? 0, rule: LOGIN_THROTTLE.ip },
    ]);
    if (!decision.allowed) {
      throw new AppError(
        'RATE_LIMITED',
        `Too many failed logins; try again in ${decision.retryAfterSeconds} s`,
        { retryAfterSeconds: decision.retryAfterSeconds },
      );
    }
  }

  async function recordFailure(keys: { account: string; ip: string }): Promise<void> {
    await deps.failures.increment(keys.account, LOGIN_THROTTLE.account.windowMs);
    await deps.failures.increment(keys.ip, LOGIN_THROTTLE.ip.windowMs);
  }

  async function issueToken(session: Pick<PlayerSessionRow, 'id' | 'playerId' | 'tokenVersion'>) {
    const { accessToken, claims } = await deps.tokens.sign({
      playerId: session.playerId,
      sessionId: session.id,
      tokenVersion: session.tokenVersion,
    });
    return { accessToken, expiresAfter: secondsUntil(claims.exp, now()) };
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

  /** Opens a session of a player already checked (assertMayLogIn) and answers as login does. */
  async function openSession(player: PlayerRow, origin: Origin): Promise<SessionResponse> {
    const session = await deps.db.transaction((tx) =>
      deps.repo.insertSession(tx, { playerId: player.id, ...origin }),
    );
    return sessionResponse(player, session, false);
  }

  return {
    /** Opens a session row inside the caller's transaction (registration uses it too). */
    startSession(tx: Database, playerId: string, origin: Origin): Promise<PlayerSessionRow> {
      return deps.repo.insertSession(tx, { playerId, ...origin });
    },

    sessionResponse,
    openSession,

    /**
     * Throttled per account and per IP before any hashing; unknown email and wrong password
     * answer alike and take alike.
     */
    async login(body: LoginBody, ip: string | null): Promise<SessionResponse> {
      const email = normalizeEmail(body.email);
      const keys = throttleKeys(email, ip);
      await ensureNotThrottled(keys);

      const player = await deps.repo.findPlayerByEmail(email);
      const matches = player
        ? await deps.passwords.verify(player.passwordHash, body.password)
        : await deps.passwords.verify(await getDummyHash(), body.password).then(() => false);
      if (!player || !matches) {
        await recordFailure(keys);
        throw invalidCredentials();
      }
      await deps.failures.reset(keys.account);
      assertMayLogIn(player);
      return openSession(player, { device: body.device, ip, location: body.location ?? null });
    },

    /** A fresh token for the caller's (live, checked by the guard) session. */
    async refresh(
      actor: Actor,
      origin: Partial<Omit<Origin, 'ip'>> & { ip: string | null },
    ): Promise<AccessToken> {
      const session = await deps.repo.findOwnSession(actor.playerId, actor.sessionId);
      if (!session || session.endedAt)
        throw new AppError('SESSION_ENDED', 'This session has ended');
      await deps.repo.touchSession(session.id, {
        lastSeenAt: new Date(now()),
        ip: origin.ip,
        ...(origin.device ? { device: origin.device } : {}),
        ...(origin.location ? { location: origin.location } : {}),
      });
      return issueToken(session);
    },

    async logout(actor: Actor): Promise<void> {
      await deps.repo.endSession(actor.playerId, actor.sessionId, new Date(now()));
      await deps.sessionChanges.publish({ sessionIds: [actor.sessionId] });
    },

    /** Ends one of the caller's own sessions; another player's id is simply not found. */
    async close(actor: Actor, sessionId: string): Promise<void> {
      const session = await deps.repo.findOwnSession(actor.playerId, sessionId);
      if (!session) throw AppError.notFound('Session');
      if (session.endedAt) return;
      await deps.repo.endSession(actor.playerId, sessionId, new Date(now()));
      await deps.sessionChanges.publish({ sessionIds: [sessionId] });
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
