import type { FastifyRequest } from 'fastify';
import { bearerCredential, type PlayerAuthenticator } from '../auth.ts';
import { AppError } from '../errors.ts';
import type { OperatorAuth } from '../operator-auth.ts';
import type { DevMailbox, DevMailRow } from './dev-mailbox.ts';

/** Who reads the dev mailbox: the operator reads everything, a player their own mail only. */
export type MailboxViewer =
  { kind: 'operator' } | { kind: 'player'; playerId: string; recipients: readonly string[] };

/** What the page knows of an anonymous visitor: nothing, or a site session that did not pass. */
export type AnonymousVisitor = { kind: 'anonymous'; sessionProblem: boolean };

/** The cookie the page's operator form sets (HttpOnly, SameSite=Strict, Path=/dev). */
export const OPERATOR_COOKIE = 'cf_dev_operator';
/** The site keeps the player's access token in this cookie (spec §3). */
export const ACCESS_TOKEN_COOKIE = 'access_token';

export interface MailboxViewerDeps {
  operators: Pick<OperatorAuth, 'operatorOf'>;
  /** The player guard's own checks (platform/auth.ts). */
  authenticate: PlayerAuthenticator;
  /** The addresses a player's mail and texts went to: their email and phone numbers. */
  recipientsOf(playerId: string): Promise<readonly string[]>;
}

/**
 * The dev mailbox's access rule (docs/decisions/019), for the API (Authorization header) and for
 * the page (cookies: the operator form's, else the site's access_token).
 */
export function createMailboxViewers(deps: MailboxViewerDeps) {
  const asPlayer = async (token: string | null | undefined): Promise<MailboxViewer> => {
    const { playerId } = await deps.authenticate(token);
    return { kind: 'player', playerId, recipients: await deps.recipientsOf(playerId) };
  };

  return {
    /** GET /api/dev/mailbox: the operator token, else a valid player token; 401 otherwise. */
    async ofApiRequest(request: FastifyRequest): Promise<MailboxViewer> {
      const credential = bearerCredential(request);
      if (await deps.operators.operatorOf(credential)) return { kind: 'operator' };
      return asPlayer(credential);
    },

    /** GET /dev/mailbox: who the cookies say; an anonymous visitor sees no mail at all. */
    async ofPageRequest(request: FastifyRequest): Promise<MailboxViewer | AnonymousVisitor> {
      if (await deps.operators.operatorOf(request.cookies[OPERATOR_COOKIE])) {
        return { kind: 'operator' };
      }
      const token = request.cookies[ACCESS_TOKEN_COOKIE];
      if (!token) return { kind: 'anonymous', sessionProblem: false };
      try {
        return await asPlayer(token);
      } catch (err) {
        // Expired, ended or blocked: the page says so and shows no mail.
        if (err instanceof AppError) return { kind: 'anonymous', sessionProblem: true };
        throw err;
      }
    },
  };
}
export type MailboxViewers = ReturnType<typeof createMailboxViewers>;

/** The newest 50 messages this viewer may read. */
export function mailFor(
  mailbox: Pick<DevMailbox, 'latest' | 'latestTo'>,
  viewer: MailboxViewer,
): Promise<DevMailRow[]> {
  return viewer.kind === 'operator' ? mailbox.latest(50) : mailbox.latestTo(viewer.recipients, 50);
}
