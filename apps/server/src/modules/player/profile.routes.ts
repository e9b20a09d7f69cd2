import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CODE_ENDPOINT_CALLS_PER_MINUTE,
  emailConfirmBodySchema,
  playerProfileSchema,
  updateProfileBodySchema,
  noContentSchema,
} from '@coinfall/shared';
import { actorOf } from '../../platform/auth.ts';
import type { EmailConfirmationService } from './confirmations.service.ts';
import type { ProfileService } from './profile.service.ts';

const bearer = [{ bearerAuth: [] }];

/** Code-taking and mail-sending endpoints: a tight budget per client IP against brute force. */
const codeRateLimit = { rateLimit: { max: CODE_ENDPOINT_CALLS_PER_MINUTE, timeWindow: 60_000 } };

/** Profile edits and email confirmation (spec §7 "Player"). */
export function profileRoutes(
  profile: ProfileService,
  confirmations: EmailConfirmationService,
  requireAuth: onRequestAsyncHookHandler,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['player'];

    app.put(
      '/profile',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Edit the current player’s profile',
          description:
            'Partial update: fields left out keep their value. Spec §5 rules apply to the fields sent; required fields cannot be cleared. ' +
            'id, email, status, kycVerified, confirmedAt, phoneConfirmed, segmentIds and createdAt are never writable (400 naming the field). ' +
            'agreedTc only goes from false to true.',
          security: bearer,
          body: updateProfileBodySchema,
          response: { 200: playerProfileSchema },
        },
      },
      (request) => profile.update(actorOf(request), request.body),
    );

    app.post(
      '/profile/confirmations/email/resend',
      {
        onRequest: requireAuth,
        config: codeRateLimit,
        schema: {
          tags,
          summary: 'Mail a new email-confirmation code (409 when already confirmed)',
          security: bearer,
          response: { 204: noContentSchema },
        },
      },
      async (request, reply) => {
        await confirmations.resend(actorOf(request));
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/profile/confirmations/email/confirm',
      {
        config: codeRateLimit,
        schema: {
          tags,
          summary:
            'Confirm the email address with the mailed code (the code identifies the player: no login needed; the mail links to /?modal=success&source=confirm-email&code={code})',
          body: emailConfirmBodySchema,
          response: { 204: noContentSchema },
        },
      },
      async (request, reply) => {
        await confirmations.confirm(request.body.code);
        return reply.code(204).send(null);
      },
    );
  };
}
