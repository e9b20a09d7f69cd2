import { generateKeyPair, randomBytes, randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import Provider, { errors as oidcErrors, type Interaction } from 'oidc-provider';
import { AppError } from '../../platform/errors.ts';
import { createSandboxMemoryAdapter } from './sandbox-memory.adapter.ts';
import {
  SANDBOX_CLIENT_ID,
  SANDBOX_MOUNT,
  renderSandboxLoginPage,
  sandboxLoginFormSchema,
  sandboxSubject,
} from './oidc-sandbox.fns.ts';

interface SandboxAccount {
  email: string;
  name: string;
}

// Accounts only live as long as the process, like the provider's own (in-memory) storage.
const MAX_ACCOUNTS = 10_000;

/**
 * The built-in identity provider for development: a real OpenID Connect server (oidc-provider)
 * whose login page takes any email and a name, no password, and vouches for the email.
 *
 * Everything is per process by design: the RS256 signing key is generated on the first request
 * to the sandbox (off the event loop; an RSA key costs ~190 ms of CPU, which every app start
 * paid before — every test app and every node without a sign-in); sessions, codes and accounts
 * are kept in memory (sandbox-memory.adapter.ts). A restart signs everyone out of the sandbox,
 * which only means typing the email again; ID tokens are checked at once, so no key needs to
 * survive.
 */
export function createSandboxProvider(options: {
  publicUrl: string;
  clientSecret: string;
  redirectUris: string[];
}) {
  const accounts = new Map<string, SandboxAccount>();
  const issuer = `${options.publicUrl}${SANDBOX_MOUNT}`;
  let started: Promise<Provider> | undefined;
  const providerOf = () => (started ??= startProvider());

  async function startProvider(): Promise<Provider> {
    const { privateKey } = await promisify(generateKeyPair)('rsa', { modulusLength: 2048 });
    const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), use: 'sig' };
    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: SANDBOX_CLIENT_ID,
          client_secret: options.clientSecret,
          redirect_uris: options.redirectUris,
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_basic',
        },
      ],
      jwks: { keys: [{ ...signingKey, alg: 'RS256' }] },
      cookies: { keys: [randomBytes(32).toString('base64url')] },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      // Scope claims go in the ID token itself: the client reads nothing else.
      conformIdTokenClaims: false,
      features: { devInteractions: { enabled: false } },
      interactions: {
        url: (_ctx, interaction) => `${SANDBOX_MOUNT}/interaction/${interaction.uid}`,
      },
      adapter: createSandboxMemoryAdapter(),
      ttl: {
        Interaction: 10 * 60,
        AuthorizationCode: 60,
        AccessToken: 60,
        IdToken: 60,
        Grant: 10 * 60,
        // A sign-in is remembered for a minute only, so the next one shows the form (to switch).
        Session: 60,
      },
      findAccount: (_ctx, sub) => {
        const account = accounts.get(sub);
        if (!account) return undefined;
        return {
          accountId: sub,
          claims: () => ({ sub, email: account.email, email_verified: true, name: account.name }),
        };
      },
    });
    // Behind the same proxy as the app: trust X-Forwarded-Proto/Host as Fastify does.
    provider.proxy = true;
    return provider;
  }

  function remember(account: SandboxAccount): string {
    const accountId = sandboxSubject(account.email);
    accounts.delete(accountId);
    accounts.set(accountId, account);
    if (accounts.size > MAX_ACCOUNTS) {
      const oldest = accounts.keys().next();
      if (!oldest.done) accounts.delete(oldest.value);
    }
    return accountId;
  }

  async function interactionOf(
    raw: IncomingMessage,
    res: ServerResponse,
    uid: string,
  ): Promise<Interaction> {
    try {
      const interaction = await (await providerOf()).interactionDetails(raw, res);
      if (interaction.uid === uid) return interaction;
    } catch (err) {
      if (!(err instanceof oidcErrors.SessionNotFound)) throw err;
    }
    throw new AppError('BAD_REQUEST', 'This sign-in is no longer in progress; start again');
  }

  /** Mounts the provider under /oidc-sandbox and the login page at /oidc-sandbox/interaction. */
  async function register(app: FastifyInstance): Promise<void> {
    let handle: ReturnType<Provider['callback']> | undefined;
    await app.register(async (scope) => {
      // The provider reads request bodies itself: leave every body unread.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
      scope.all(`${SANDBOX_MOUNT}/*`, { schema: { hide: true } }, (request, reply) => {
        reply.hijack();
        // Mounted like Express does (originalUrl + relative url): the provider derives its paths.
        const raw = request.raw as IncomingMessage & { originalUrl?: string };
        raw.originalUrl = raw.url;
        raw.url = (raw.url ?? '/').slice(SANDBOX_MOUNT.length) || '/';
        providerOf()
          .then((provider) => {
            handle ??= provider.callback();
            return handle(raw, reply.raw);
          })
          .catch((err: unknown) => {
            request.log.error({ err }, 'oidc sandbox: the provider could not answer');
            if (!reply.raw.headersSent) reply.raw.statusCode = 500;
            reply.raw.end();
          });
      });
    });

    await app.register(async (scope) => {
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 4096 },
        (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
      );
      const page = `${SANDBOX_MOUNT}/interaction/:uid`;

      scope.get<{ Params: { uid: string } }>(
        page,
        { schema: { hide: true } },
        async (request, reply) => {
          const interaction = await interactionOf(request.raw, reply.raw, request.params.uid);
          return reply
            .type('text/html; charset=utf-8')
            .header('cache-control', 'no-store')
            .send(
              renderSandboxLoginPage({
                uid: interaction.uid,
                clientId: String(interaction.params.client_id),
              }),
            );
        },
      );

      scope.post<{ Params: { uid: string }; Body: unknown }>(
        page,
        { schema: { hide: true } },
        async (request, reply) => {
          const interaction = await interactionOf(request.raw, reply.raw, request.params.uid);
          const form = sandboxLoginFormSchema.safeParse(request.body);
          if (!form.success) {
            const values = (request.body ?? {}) as { email?: string; name?: string };
            return reply
              .code(400)
              .type('text/html; charset=utf-8')
              .send(
                renderSandboxLoginPage({
                  uid: interaction.uid,
                  clientId: String(interaction.params.client_id),
                  values,
                  problem: form.error.issues[0]?.message ?? 'Check the form',
                }),
              );
          }
          const accountId = remember({
            email: form.data.email.toLowerCase(),
            name: form.data.name,
          });
          // The only client is our own site: consent is given with the login.
          const provider = await providerOf();
          const grant = new provider.Grant({
            accountId,
            clientId: String(interaction.params.client_id),
          });
          grant.addOIDCScope(
            typeof interaction.params.scope === 'string' ? interaction.params.scope : 'openid',
          );
          const grantId = await grant.save();
          reply.hijack();
          await provider.interactionFinished(
            request.raw,
            reply.raw,
            { login: { accountId }, consent: { grantId } },
            { mergeWithLastSubmission: false },
          );
        },
      );
    });
  }

  return { issuer, register };
}
