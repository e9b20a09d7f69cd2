import type {
  SessionResponse,
  SocialAuthorizeResponse,
  SocialConnection,
  SocialConnectionList,
  SocialLoginBody,
  SocialRegisterBody,
  SocialSignupDetails,
} from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { UNUSABLE_PASSWORD_HASH } from '../player/account-removal.fns.ts';
import type { PlayerRepo, PlayerRow } from '../player/player.repo.ts';
import type { PlayerService } from '../player/player.service.ts';
import type { Origin, SessionService } from '../player/session.service.ts';
import type { OidcClients } from './oidc-clients.ts';
import type { RegistrationTokens } from './registration-token.ts';
import {
  ATTEMPT_TTL_MS,
  CONNECTION_NAMES,
  linkableEmail,
  registrationClaims,
  socialCallbackUrl,
  type SocialIdentity,
} from './social.fns.ts';
import type { SocialRepo } from './social.repo.ts';

const notOffered = () => AppError.invalid('params.connection', 'This sign-in is not offered here');

const invalidState = () =>
  AppError.invalid(
    'body.state',
    'This sign-in is not in progress: it is unknown, already finished, expired or for another connection',
  );

const originOf = (
  body: Pick<SocialLoginBody, 'device' | 'location'>,
  ip: string | null,
): Origin => ({
  ip,
  device: body.device,
  location: body.location ?? null,
});

/** Social login by OpenID Connect (spec §7 "Session and registration"). */
export function createSocialService(deps: {
  db: Database;
  repo: SocialRepo;
  players: Pick<PlayerRepo, 'findPlayerById' | 'findPlayerByEmail'>;
  sessions: Pick<
    SessionService,
    'openSession' | 'startCheckedSession' | 'sessionResponse' | 'assertMayLogInWithPass'
  >;
  accounts: Pick<PlayerService, 'openAccount'>;
  oidc: Pick<OidcClients, 'offered' | 'isOffered' | 'startLogin' | 'finishLogin'>;
  registrationTokens: RegistrationTokens;
  publicUrl: string;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;

  /**
   * Logs in the owner of a known identity; a removed, excluded or blocked one is refused, the
   * last two with the support pass as a password login (the provider proved who they are).
   */
  async function loginKnown(
    identityId: string,
    player: PlayerRow,
    identity: SocialIdentity,
    origin: Origin,
  ): Promise<SessionResponse> {
    await deps.sessions.assertMayLogInWithPass(player);
    const at = new Date(now());
    await deps.repo.touchIdentity(identityId, { lastLoginAt: at, email: identity.email });
    return deps.sessions.openSession(player, origin);
  }

  /** Links a new identity to the player of its verified email and logs them in, atomically. */
  async function linkAndLogin(
    connection: SocialConnection,
    player: PlayerRow,
    identity: SocialIdentity,
    origin: Origin,
  ): Promise<SessionResponse> {
    await deps.sessions.assertMayLogInWithPass(player);
    const session = await deps.db.transaction(async (tx) => {
      const linked = await deps.repo.insertIdentity(tx, {
        playerId: player.id,
        connection,
        subject: identity.subject,
        email: identity.email,
        lastLoginAt: new Date(now()),
      });
      if (!linked) throw new AppError('CONFLICT', 'This sign-in was just linked; try again');
      return deps.sessions.startCheckedSession(tx, player.id, origin);
    });
    return deps.sessions.sessionResponse(player, session, false);
  }

  async function signupRequired(
    connection: SocialConnection,
    identity: SocialIdentity,
  ): Promise<never> {
    const details: SocialSignupDetails = {
      registrationToken: await deps.registrationTokens.sign(
        registrationClaims(connection, identity),
      ),
      email: identity.email,
      connection,
    };
    throw new AppError(
      'SOCIAL_SIGNUP_REQUIRED',
      'No account uses this sign-in yet; accept the terms to create one',
      details,
    );
  }

  return {
    connections(): SocialConnectionList {
      return {
        data: deps.oidc
          .offered()
          .map((connection) => ({ connection, name: CONNECTION_NAMES[connection] })),
      };
    },

    /** Starts a login: the state, verifier and nonce stay here; the browser gets the URL. */
    async authorize(connection: SocialConnection): Promise<SocialAuthorizeResponse> {
      if (!deps.oidc.isOffered(connection)) throw notOffered();
      const { url, checks } = await deps.oidc.startLogin(
        connection,
        socialCallbackUrl(deps.publicUrl, connection),
      );
      const at = now();
      await deps.repo.deleteAttemptsExpiredBefore(new Date(at - ATTEMPT_TTL_MS));
      await deps.repo.insertAttempt({
        ...checks,
        connection,
        expiresAt: new Date(at + ATTEMPT_TTL_MS),
      });
      return { url, state: checks.state };
    },

    /**
     * Finishes a login: spends the attempt, exchanges the code, then logs in the identity's
     * player, links it to the player of its verified email (never for the sandbox provider), or
     * asks for a sign-up (409).
     */
    async login(
      code: string,
      body: SocialLoginBody,
      ip: string | null,
      /** The states the calling browser started (its cookie): another browser's state is refused. */
      browserStates: readonly string[],
    ): Promise<SessionResponse> {
      if (!browserStates.includes(body.state)) throw invalidState();
      const attempt = await deps.repo.consumeAttempt(body.state, body.connection, new Date(now()));
      if (!attempt) throw invalidState();
      if (!deps.oidc.isOffered(body.connection)) throw notOffered();
      const identity = await deps.oidc.finishLogin(body.connection, code, attempt);
      const origin = originOf(body, ip);

      const known = await deps.repo.findIdentity(body.connection, identity.subject);
      if (known) {
        const player = await deps.players.findPlayerById(known.playerId);
        if (!player) throw new Error(`identity ${known.id} has no player`);
        return loginKnown(known.id, player, identity, origin);
      }
      const email = linkableEmail(body.connection, identity);
      const owner = email ? await deps.players.findPlayerByEmail(email) : undefined;
      if (owner) return linkAndLogin(body.connection, owner, identity, origin);
      return signupRequired(body.connection, identity);
    },

    /**
     * Creates the account of a new identity (from its registration token) without a password;
     * a verified email counts as confirmed at once.
     */
    async register(body: SocialRegisterBody, ip: string | null): Promise<SessionResponse> {
      const claims = await deps.registrationTokens.verify(body.registrationToken);
      if (!claims) {
        throw AppError.invalid(
          'body.registrationToken',
          'This sign-up has expired or is not valid; sign in with the provider again',
        );
      }
      if (!claims.email) {
        throw AppError.invalid(
          'body.registrationToken',
          'The provider shared no email address; sign up with email and password instead',
        );
      }
      const linkedAlready = () =>
        new AppError('CONFLICT', 'This sign-in already belongs to an account; log in with it');
      if (await deps.repo.findIdentity(claims.connection, claims.sub)) throw linkedAlready();

      const at = new Date(now());
      return deps.accounts
        .openAccount(
          {
            email: claims.email,
            passwordHash: UNUSABLE_PASSWORD_HASH,
            nickname: null,
            receiveEmailPromo: body.receiveEmailPromo,
            emailConfirmedAt: claims.emailVerified ? at : null,
          },
          originOf(body, ip),
          async (tx, player) => {
            const linked = await deps.repo.insertIdentity(tx, {
              playerId: player.id,
              connection: claims.connection,
              subject: claims.sub,
              email: claims.email,
              lastLoginAt: at,
            });
            // A concurrent sign-up of the same identity won: this account must not exist.
            if (!linked) throw linkedAlready();
          },
          body.attribution,
        )
        .catch((err: unknown) => {
          // The body has no email field to name: the address came from the provider.
          if (err instanceof AppError && err.code === 'EMAIL_TAKEN') {
            throw new AppError(
              'EMAIL_TAKEN',
              'An account with this email already exists; log in with its password instead',
            );
          }
          throw err;
        });
    },
  };
}
export type SocialService = ReturnType<typeof createSocialService>;
