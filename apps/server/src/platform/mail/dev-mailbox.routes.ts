import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OperatorAuth } from '../operator-auth.ts';
import { renderMailboxPage } from './dev-mailbox.page.ts';
import type { DevMailbox, DevMailRow } from './dev-mailbox.ts';
import { mailFor, OPERATOR_COOKIE, type MailboxViewers } from './mailbox-viewer.ts';

export const devMailSchema = z.object({
  id: z.uuid(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export const devMailListSchema = z.object({ data: z.array(devMailSchema) });

const toItem = (row: DevMailRow) => ({ ...row, createdAt: row.createdAt.toISOString() });

/** What the page's forms post: the operator token, or `action=forget` to drop it. */
const pageFormSchema = z.object({
  token: z.string().max(1000).optional(),
  action: z.enum(['forget']).optional(),
});

/**
 * GET /api/dev/mailbox: the latest 50 messages the caller may read as JSON — everything with the
 * operator token, a player's own with their access token (docs/decisions/019).
 */
export function devMailboxApiRoutes(
  mailbox: DevMailbox,
  viewers: MailboxViewers,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/mailbox',
      {
        schema: {
          tags: ['dev'],
          // Either credential: the operator's sees every message, a player's their own.
          security: [{ operatorToken: [] }, { bearerAuth: [] }],
          summary: 'Sandbox only: the latest 50 messages of the dev mailbox the caller may read',
          description:
            'With the operator token: every message. With a player access token: the mail and ' +
            'texts to that player’s email address and phone numbers only. 401 otherwise.',
          response: { 200: devMailListSchema },
        },
      },
      async (request) => {
        const viewer = await viewers.ofApiRequest(request);
        return { data: (await mailFor(mailbox, viewer)).map(toItem) };
      },
    );
  };
}

/**
 * GET /dev/mailbox: the same as a page, for people — the signed-in player's own mail (the site's
 * access_token cookie), or everything once the operator token was given in its form (POST,
 * kept in an HttpOnly SameSite=Strict cookie scoped to /dev).
 */
export function devMailboxPageRoutes(deps: {
  mailbox: DevMailbox;
  viewers: MailboxViewers;
  operators: Pick<OperatorAuth, 'operatorOf'>;
  secureCookies: boolean;
}): FastifyPluginAsyncZod {
  const { mailbox, viewers } = deps;
  const cookie = {
    path: '/dev',
    httpOnly: true,
    sameSite: 'strict',
    secure: deps.secureCookies,
  } as const;

  return async (app) => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    app.get('/dev/mailbox', { schema: { hide: true } }, async (request, reply) => {
      const viewer = await viewers.ofPageRequest(request);
      const rows = viewer.kind === 'anonymous' ? [] : await mailFor(mailbox, viewer);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(renderMailboxPage({ viewer, rows }));
    });

    app.post(
      '/dev/mailbox',
      { schema: { hide: true, body: pageFormSchema } },
      async (request, reply) => {
        if (request.body.action === 'forget') {
          return reply.clearCookie(OPERATOR_COOKIE, cookie).redirect('/dev/mailbox', 303);
        }
        if (await deps.operators.operatorOf(request.body.token)) {
          return reply
            .setCookie(OPERATOR_COOKIE, request.body.token ?? '', { ...cookie, maxAge: 8 * 3600 })
            .redirect('/dev/mailbox', 303);
        }
        const viewer = await viewers.ofPageRequest(request);
        const rows = viewer.kind === 'anonymous' ? [] : await mailFor(mailbox, viewer);
        return reply
          .code(401)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(renderMailboxPage({ viewer, rows, problem: 'That is not the operator token.' }));
      },
    );
  };
}
