import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminUuidParamsSchema,
  STAFF_COOKIE,
  STAFF_COOKIE_PATH,
  staffChallengeSchema,
  staffMeSchema,
  staffPasswordBodySchema,
  staffSecondFactorBodySchema,
  staffSessionListQuerySchema,
  staffSessionListSchema,
  staffSignedInSchema,
  noContentSchema,
} from '@coinfall/shared';
import type { ClientInfo, StaffAuthService } from './staff-auth.service.ts';
import { staffOf } from './staff-guard.ts';
import { staffRoute } from './staff-route.ts';
import { STAFF_TOKEN_TTL_SECONDS } from './staff-tokens.ts';

const tags = ['admin'];

const clientOf = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip ?? null,
  userAgent: request.headers['user-agent'] ?? null,
  requestId: request.id,
});

/** Sign-in (two steps), the caller's account, sign-out and sessions: /api/admin/session*. */
export function staffAuthRoutes(
  auth: StaffAuthService,
  options: { secureCookies: boolean },
): FastifyPluginAsyncZod {
  const cookie = {
    path: STAFF_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: options.secureCookies,
  } as const;
  const clearCookie = (reply: FastifyReply) => reply.clearCookie(STAFF_COOKIE, cookie);

  return async (app) => {
    app.post(
      '/session/password',
      {
        config: { staffAccess: 'public' },
        schema: {
          tags,
          summary: 'Staff sign-in, step 1: email and password → the TOTP challenge',
          description:
            'No session yet: step 2 (/session/totp) sends the challenge with a TOTP code. On a ' +
            'first sign-in `enrolment` carries the authenticator secret and its QR code. 401 ' +
            'INVALID_CREDENTIALS for a wrong password; 429 once throttled.',
          body: staffPasswordBodySchema,
          response: { 200: staffChallengeSchema },
        },
      },
      (request) => auth.checkPassword(request.body, clientOf(request)),
    );

    app.post(
      '/session/totp',
      {
        config: { staffAccess: 'public' },
        schema: {
          tags,
          summary: 'Staff sign-in, step 2: the challenge and a TOTP code (or a recovery code)',
          description:
            'Opens the session: sets the HttpOnly staff cookie (path /api/admin) and answers the ' +
            'account. At enrolment the recovery codes come back, once. A code is good once.',
          body: staffSecondFactorBodySchema,
          response: { 200: staffSignedInSchema },
        },
      },
      async (request, reply) => {
        const { token, result } = await auth.completeSignIn(request.body, clientOf(request));
        void reply.setCookie(STAFF_COOKIE, token, { ...cookie, maxAge: STAFF_TOKEN_TTL_SECONDS });
        return result;
      },
    );

    app.get(
      '/me',
      staffRoute('self', {
        summary: 'The signed-in staff member, role and permissions',
        response: { 200: staffMeSchema },
      }),
      (request) => auth.me(staffOf(request)),
    );

    app.delete(
      '/session',
      staffRoute('self', {
        summary: 'Sign out: ends this session and clears the cookie',
        response: { 204: noContentSchema },
      }),
      async (request, reply) => {
        await auth.signOut(staffOf(request));
        return clearCookie(reply).code(204).send(null);
      },
    );

    app.get(
      '/sessions',
      staffRoute('self', {
        summary: 'The caller’s live sessions, most recently used first',
        querystring: staffSessionListQuerySchema,
        response: { 200: staffSessionListSchema },
      }),
      (request) => auth.listSessions(staffOf(request), request.query),
    );

    app.delete(
      '/sessions/:id',
      staffRoute('self', {
        summary: 'End one of the caller’s sessions (another device)',
        description: '404 for a session that is not the caller’s or has ended.',
        params: adminUuidParamsSchema,
        response: { 204: noContentSchema },
      }),
      async (request, reply) => {
        await auth.revokeSession(staffOf(request), request.params.id);
        return reply.code(204).send(null);
      },
    );
  };
}
