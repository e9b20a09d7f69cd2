import * as oidc from 'openid-client';
import type { SocialConnection } from '@coinfall/shared';
import { AppError } from '../../platform/errors.ts';
import { identityFromClaims, type SocialIdentity } from './social.fns.ts';

/** One configured OpenID Connect client. */
export interface OidcConnectionConfig {
  connection: SocialConnection;
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** How to reach the issuer; the global fetch when absent (the sandbox is reached in-process). */
  fetch?: oidc.CustomFetch;
  /**
   * Works, but is not listed to players (the sandbox beside a real provider: a developer's tool
   * must not sit next to "Continue with Google" on a live site).
   */
  unlisted?: boolean;
}

/** What the server keeps of a login sent to the provider (social_login_attempts). */
export interface LoginChecks {
  state: string;
  codeVerifier: string;
  nonce: string;
  redirectUri: string;
}

const SCOPE = 'openid email profile';

const unavailable = (connection: SocialConnection) =>
  new AppError('SERVICE_UNAVAILABLE', `The ${connection} sign-in cannot be reached; try again`);

/** Refusals by the provider or by the ID token checks, as opposed to an unreachable provider. */
function isRefusal(err: unknown): boolean {
  return (
    err instanceof oidc.ResponseBodyError ||
    err instanceof oidc.AuthorizationResponseError ||
    (err instanceof oidc.ClientError && String(err.code).startsWith('OAUTH_'))
  );
}

/**
 * openid-client (discovery, PKCE, state and nonce checks, ID token validation) for each
 * configured connection. Discovery runs on first use and is retried after a failure, so a
 * provider that is down at start does not need a restart.
 */
export function createOidcClients(
  connections: OidcConnectionConfig[],
  log: (err: unknown, connection: SocialConnection) => void,
) {
  const byName = new Map(connections.map((c) => [c.connection, c]));
  const discovered = new Map<SocialConnection, Promise<oidc.Configuration>>();

  function configurationOf(connection: SocialConnection): Promise<oidc.Configuration> {
    const known = discovered.get(connection);
    if (known) return known;
    const settings = byName.get(connection);
    if (!settings) throw new Error(`social connection ${connection} is not configured`);
    const insecure = new URL(settings.issuer).protocol === 'http:';
    const pending = oidc
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        settings.clientSecret,
        oidc.ClientSecretBasic(settings.clientSecret),
        {
          // Plain HTTP only for an http:// issuer (the sandbox of a local run).
          ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
          ...(settings.fetch ? { [oidc.customFetch]: settings.fetch } : {}),
        },
      )
      .catch((err: unknown) => {
        discovered.delete(connection);
        log(err, connection);
        throw unavailable(connection);
      });
    discovered.set(connection, pending);
    return pending;
  }

  return {
    /** Configured connections players see, in the order given. */
    offered: (): SocialConnection[] =>
      connections.filter((c) => !c.unlisted).map((c) => c.connection),

    isOffered: (connection: SocialConnection): boolean => byName.has(connection),

    /** A fresh state, nonce and PKCE verifier, and the URL that sends the browser off. */
    async startLogin(
      connection: SocialConnection,
      redirectUri: string,
    ): Promise<{ url: string; checks: LoginChecks }> {
      const config = await configurationOf(connection);
      const checks: LoginChecks = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
        redirectUri,
      };
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: SCOPE,
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
      });
      return { url: url.href, checks };
    },

    /**
     * Exchanges the code (with the verifier) and validates the ID token (signature, issuer,
     * audience, expiry, nonce). A refusal is the player's 400; an unreachable provider a 503.
     */
    async finishLogin(
      connection: SocialConnection,
      code: string,
      checks: LoginChecks,
    ): Promise<SocialIdentity> {
      const config = await configurationOf(connection);
      const callback = new URL(checks.redirectUri);
      callback.searchParams.set('code', code);
      callback.searchParams.set('state', checks.state);
      // The site forwards code and state only. Mix-up is already ruled out: the state was
      // issued for this connection, and the code goes only to this issuer's token endpoint.
      if (config.serverMetadata().authorization_response_iss_parameter_supported) {
        callback.searchParams.set('iss', config.serverMetadata().issuer);
      }
      try {
        const tokens = await oidc.authorizationCodeGrant(config, callback, {
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          pkceCodeVerifier: checks.codeVerifier,
          idTokenExpected: true,
        });
        const identity = identityFromClaims(tokens.claims());
        if (!identity) throw AppError.invalid('query.code', 'The provider sent no identity');
        return identity;
      } catch (err) {
        if (err instanceof AppError) throw err;
        if (isRefusal(err)) {
          throw AppError.invalid(
            'query.code',
            'The provider did not accept this login; start the sign-in again',
          );
        }
        log(err, connection);
        throw unavailable(connection);
      }
    },
  };
}
export type OidcClients = ReturnType<typeof createOidcClients>;
