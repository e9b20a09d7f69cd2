import QRCode from 'qrcode';
import {
  permissionsOf,
  type StaffChallenge,
  type StaffMe,
  type StaffRole,
  type StaffSessionList,
  type StaffSignedIn,
} from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { PasswordHasher } from '../../platform/password-hasher.ts';
import {
  createSessionAuthCache,
  type SessionOwners,
} from '../../platform/sessions/session-auth-cache.ts';
import type { SessionChanges } from '../../platform/sessions/session-changes.ts';
import type { LoginThrottle } from '../player/throttles.service.ts';
import { pageMeta } from '../player/player.fns.ts';
import type { AuditRepo } from './audit.repo.ts';
import type { StaffRepo, StaffRow } from './staff.repo.ts';
import {
  acceptedTotpStep,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUrl,
  recoveryCodeHash,
} from './staff-totp.fns.ts';
import type { StaffTokens } from './staff-tokens.ts';

/** Who is calling a staff route: set by the staff guard. */
export interface StaffActor {
  staffId: string;
  sessionId: string;
  email: string;
  role: StaffRole;
  /** The request's id, kept in the audit rows it writes. */
  requestId: string;
}

export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
  requestId: string;
}

const wrongCredentials = () => new AppError('INVALID_CREDENTIALS', 'Wrong email or password');
const wrongCode = () =>
  new AppError('INVALID_CREDENTIALS', 'The code is not valid (or was used already)');
const staffUnauthenticated = (message: string) => new AppError('STAFF_UNAUTHENTICATED', message);
/** A session's last use is written at most this often (its idle timeout counts in minutes). */
const TOUCH_EVERY_MS = 15_000;

type StaffSessionRow = NonNullable<Awaited<ReturnType<StaffRepo['findSessionForAuth']>>>;

/** A staff session is its staff member's; a change naming them changes every one of theirs. */
const STAFF_SESSION_OWNERS: SessionOwners<StaffSessionRow> = {
  ownerOf: (row) => row.staffId,
  ownersIn: (change) => change.staffIds ?? [],
};

/**
 * Staff sign-in (decision 031): password (argon2id, throttled like the player's login), then a
 * TOTP code — mandatory: no session exists before it. The first sign-in enrols the authenticator
 * and hands out the recovery codes once. Sessions end on sign-out, on revocation and after the
 * idle timeout.
 */
export function createStaffAuthService(deps: {
  db: Database;
  repo: StaffRepo;
  audit: Pick<AuditRepo, 'insert'>;
  tokens: StaffTokens;
  passwords: PasswordHasher;
  throttle: Pick<
    LoginThrottle,
    'assertMayTry' | 'beginAttempt' | 'recordFailure' | 'recordSuccess'
  >;
  idleTimeoutMinutes: number;
  /** Sessions ended here are announced; every node's cache of them listens. */
  sessionChanges: Pick<SessionChanges, 'publish' | 'subscribe'>;
  now?: () => number;
}) {
  const { db, repo, tokens } = deps;
  const now = deps.now ?? Date.now;
  const idleMs = deps.idleTimeoutMinutes * 60_000;
  // A console calls several times a second (its socket's answers, decision 071): the session
  // row is read once per TTL, and every change to it or its account, published, drops it at once.
  const sessions = createSessionAuthCache({
    ttlMs: 30_000,
    maxEntries: 10_000,
    owners: STAFF_SESSION_OWNERS,
    now,
  });
  deps.sessionChanges.subscribe((change) => sessions.forget(change));
  const ended = (sessionId: string) => deps.sessionChanges.publish({ sessionIds: [sessionId] });
  let dummyHash: Promise<string> | undefined;
  const getDummyHash = () => (dummyHash ??= deps.passwords.hash('not-a-real-password'));

  const meOf = (row: Pick<StaffRow, 'id' | 'email' | 'role'>, sessionId: string): StaffMe => ({
    id: row.id,
    email: row.email,
    role: row.role,
    permissions: permissionsOf(row.role),
    sessionId,
    idleTimeoutMinutes: deps.idleTimeoutMinutes,
  });

  /**
   * The staff member behind a session (from the cookie's token, or a staff realtime token's
   * session, decision 071): a live, not idle session of an enabled account, else 401.
   */
  async function actorOfSession(
    staffId: string,
    sessionId: string,
    requestId: string,
  ): Promise<StaffActor> {
    const at = now();
    const session = await sessions.load(
      sessionId,
      (id) => repo.findSessionForAuth(db, id),
      // Another node may have used the session since this copy was read: idle is read afresh.
      (cached) => at - cached.lastSeenAt.getTime() > idleMs,
    );
    if (!session || session.staffId !== staffId || session.disabledAt) {
      throw staffUnauthenticated('The staff session token is not valid');
    }
    if (session.endedAt) throw staffUnauthenticated('This session has ended');
    if (at - session.lastSeenAt.getTime() > idleMs) {
      // Ended only if still unused in the row: a node whose clock runs ahead ends nothing early.
      const unusedSince = new Date(at - idleMs);
      if (
        await repo.endSession(db, session.staffId, session.sessionId, new Date(at), unusedSince)
      ) {
        await ended(session.sessionId);
      }
      throw staffUnauthenticated('The session ended after a while without use');
    }
    // The idle timeout counts in minutes: a last use known to within TOUCH_EVERY_MS is enough,
    // and a console making several calls a second does not write its session row each time.
    if (at - session.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
      await repo.touchSession(db, session.sessionId, new Date(at));
      sessions.touched(session.sessionId, new Date(at));
    }
    return {
      staffId: session.staffId,
      sessionId: session.sessionId,
      email: session.email,
      role: session.role,
      requestId,
    };
  }

  return {
    /** Step 1. The right password yields a challenge (and the enrolment QR on a first sign-in). */
    async checkPassword(
      body: { email: string; password: string },
      client: ClientInfo,
    ): Promise<StaffChallenge> {
      const email = body.email.toLowerCase();
      await deps.throttle.assertMayTry(email, client.ip);
      // Counted before it is verified, so a burst sent at once shares the free tries; a right
      // password's count is forgotten when the code step completes the sign-in.
      await deps.throttle.beginAttempt(email, client.ip);
      const row = await repo.findByEmail(db, email);
      // An unknown account costs a hash too: timing does not tell which emails are staff.
      const ok = row
        ? await deps.passwords.verify(row.passwordHash, body.password)
        : await deps.passwords.verify(await getDummyHash(), body.password).then(() => false);
      if (!row || !ok || row.disabledAt) {
        await deps.throttle.recordFailure(email, client.ip, { counted: true });
        throw wrongCredentials();
      }
      const challenge = await tokens.signChallenge(row.id);
      let enrolment: StaffChallenge['enrolment'] = null;
      if (!row.totpSecret) {
        // The pending secret stays until its first code is confirmed: reloading shows the same QR.
        const secret = row.totpPendingSecret ?? newTotpSecret();
        if (!row.totpPendingSecret) {
          await repo.update(db, row.id, { totpPendingSecret: secret, updatedAt: new Date(now()) });
        }
        const url = otpauthUrl(secret, row.email);
        const svg = await QRCode.toString(url, { type: 'svg', margin: 1 });
        enrolment = {
          secret,
          otpauthUrl: url,
          qrDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
        };
      }
      return {
        challenge: challenge.token,
        expiresAt: challenge.expiresAt.toISOString(),
        enrolment,
      };
    },

    /**
     * Step 2: a TOTP code (or, once enrolled, a recovery code) opens a session. Returns its token
     * for the cookie. At enrolment the recovery codes come back, once.
     */
    async completeSignIn(
      body: { challenge: string; code?: string | undefined; recoveryCode?: string | undefined },
      client: ClientInfo,
    ): Promise<{ token: string; result: StaffSignedIn }> {
      const staffId = await tokens.verifyChallenge(body.challenge);
      if (!staffId) throw staffUnauthenticated('The sign-in expired: enter your password again');
      const at = now();
      type Outcome =
        | { failed: string | null }
        | { row: StaffRow; sessionId: string; recoveryCodes: string[] | null };
      const outcome = await db.transaction(async (tx): Promise<Outcome> => {
        const row = await repo.lockById(tx, staffId);
        if (!row || row.disabledAt) return { failed: null };
        await deps.throttle.assertMayTry(row.email, client.ip);
        let recoveryCodes: string[] | null = null;
        if (!row.totpSecret) {
          const secret = row.totpPendingSecret;
          const step = secret && body.code ? acceptedTotpStep(secret, body.code, at, null) : null;
          if (!secret || step === null) return { failed: row.email };
          recoveryCodes = newRecoveryCodes();
          await repo.update(tx, row.id, {
            totpSecret: secret,
            totpPendingSecret: null,
            totpLastStep: step,
            updatedAt: new Date(at),
          });
          await repo.replaceRecoveryCodes(tx, row.id, recoveryCodes.map(recoveryCodeHash));
        } else if (body.code) {
          const step = acceptedTotpStep(row.totpSecret, body.code, at, row.totpLastStep);
          if (step === null) return { failed: row.email };
          await repo.update(tx, row.id, { totpLastStep: step, updatedAt: new Date(at) });
        } else {
          const hash = recoveryCodeHash(body.recoveryCode ?? '');
          if (!(await repo.spendRecoveryCode(tx, row.id, hash, new Date(at)))) {
            return { failed: row.email };
          }
        }
        const session = await repo.insertSession(tx, {
          staffId: row.id,
          ip: client.ip,
          userAgent: client.userAgent?.slice(0, 300) ?? null,
          at: new Date(at),
        });
        if (recoveryCodes) {
          await deps.audit.insert(tx, {
            staffId: row.id,
            action: 'staff.enrolled',
            targetType: 'staff',
            targetId: row.id,
            requestId: client.requestId,
          });
        }
        await deps.audit.insert(tx, {
          staffId: row.id,
          action: 'staff.signed-in',
          targetType: 'staff-session',
          targetId: session.id,
          after: { ip: client.ip, with: body.code ? 'totp' : 'recovery-code' },
          requestId: client.requestId,
        });
        return { row, sessionId: session.id, recoveryCodes };
      });
      if (!('row' in outcome)) {
        if (outcome.failed) await deps.throttle.recordFailure(outcome.failed, client.ip);
        throw outcome.failed ? wrongCode() : staffUnauthenticated('The sign-in is not valid');
      }
      await deps.throttle.recordSuccess(outcome.row.email, client.ip);
      const token = await tokens.signSession({
        staffId: outcome.row.id,
        sessionId: outcome.sessionId,
      });
      return {
        token,
        result: {
          staff: meOf(outcome.row, outcome.sessionId),
          recoveryCodes: outcome.recoveryCodes,
        },
      };
    },

    /** The guard's check: a live, not idle session of an enabled account, else 401. */
    async authenticate(token: string | null | undefined, requestId: string): Promise<StaffActor> {
      if (!token) throw staffUnauthenticated('Sign in to the back office');
      const claims = await tokens.verifySession(token);
      if (!claims) throw staffUnauthenticated('The staff session token is not valid');
      return actorOfSession(claims.staffId, claims.sessionId, requestId);
    },

    actorOfSession,

    me: (actor: StaffActor): StaffMe =>
      meOf({ id: actor.staffId, email: actor.email, role: actor.role }, actor.sessionId),

    async signOut(actor: StaffActor): Promise<void> {
      await db.transaction(async (tx) => {
        await repo.endSession(tx, actor.staffId, actor.sessionId, new Date(now()));
        await deps.audit.insert(tx, {
          staffId: actor.staffId,
          action: 'staff.signed-out',
          targetType: 'staff-session',
          targetId: actor.sessionId,
          requestId: actor.requestId,
        });
      });
      await ended(actor.sessionId);
    },

    async listSessions(
      actor: StaffActor,
      query: { page: number; perPage: number },
    ): Promise<StaffSessionList> {
      const { rows, total } = await repo.listLiveSessions(db, actor.staffId, {
        limit: query.perPage,
        offset: (query.page - 1) * query.perPage,
      });
      return {
        data: rows.map((row) => ({
          id: row.id,
          ip: row.ip,
          userAgent: row.userAgent,
          createdAt: row.createdAt.toISOString(),
          lastSeenAt: row.lastSeenAt.toISOString(),
          current: row.id === actor.sessionId,
        })),
        meta: pageMeta(query.page, query.perPage, total),
      };
    },

    /** Ends one of the caller's own sessions (another device); 404 for any other id. */
    async revokeSession(actor: StaffActor, sessionId: string): Promise<void> {
      await db.transaction(async (tx) => {
        if (!(await repo.endSession(tx, actor.staffId, sessionId, new Date(now())))) {
          throw AppError.notFound('Session');
        }
        await deps.audit.insert(tx, {
          staffId: actor.staffId,
          action: 'staff.session-revoked',
          targetType: 'staff-session',
          targetId: sessionId,
          requestId: actor.requestId,
        });
      });
      await ended(sessionId);
    },
  };
}
export type StaffAuthService = ReturnType<typeof createStaffAuthService>;
