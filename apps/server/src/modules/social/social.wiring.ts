import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { PlayerRepo } from '../player/player.repo.ts';
import type { PlayerService } from '../player/player.service.ts';
import type { SessionService } from '../player/session.service.ts';
import { inProcessFetch } from './in-process-fetch.ts';
import { createOidcClients, type OidcConnectionConfig } from './oidc-clients.ts';
import { createSandboxProvider } from './oidc-sandbox.ts';
import { SANDBOX_CLIENT_ID } from './oidc-sandbox.fns.ts';
import { createRegistrationTokens } from './registration-token.ts';
import { socialCallbackUrl } from './social.fns.ts';
import { createSocialRepo } from './social.repo.ts';
import { socialRoutes } from './social.routes.ts';
import { createSocialService } from './social.service.ts';

/**
 * The social-login part of the composition root: OIDC clients of the configured providers,
 * the sandbox provider mounted at /oidc-sandbox when enabled, the service and its routes.
 */
export async function wireSocialLogin(deps: {
  app: FastifyInstance;
  config: Config;
  db: Database;
  players: PlayerRepo;
  sessions: SessionService;
  accounts: PlayerService;
}) {
  const { app, config } = deps;
  const connections: OidcConnectionConfig[] = [...config.socialProviders];
  if (config.socialSandbox) {
    const sandbox = createSandboxProvider({
      publicUrl: config.publicUrl,
      clientSecret: config.socialSandbox.clientSecret,
      redirectUris: [socialCallbackUrl(config.publicUrl, 'sandbox')],
    });
    await sandbox.register(app);
    connections.push({
      connection: 'sandbox',
      issuer: sandbox.issuer,
      clientId: SANDBOX_CLIENT_ID,
      clientSecret: config.socialSandbox.clientSecret,
      fetch: inProcessFetch(app),
      // Still usable by URL (developers, tests), no longer offered once a real provider is.
      unlisted: config.socialProviders.length > 0,
    });
    if (config.nodeEnv === 'production') {
      app.log.warn(
        'SANDBOX is on: anyone can sign in with the sandbox identity provider as any email address',
      );
    }
  }
  const repo = createSocialRepo(deps.db);
  const service = createSocialService({
    db: deps.db,
    repo,
    players: deps.players,
    sessions: deps.sessions,
    accounts: deps.accounts,
    oidc: createOidcClients(connections, (err, connection) =>
      app.log.error({ err, connection }, 'social sign-in provider failed'),
    ),
    registrationTokens: createRegistrationTokens({ secret: config.jwtSecret }),
    publicUrl: config.publicUrl,
  });
  return {
    repo,
    routes: socialRoutes(service, { secureCookies: config.publicUrl.startsWith('https:') }),
  };
}
