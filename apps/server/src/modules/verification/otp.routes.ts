import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CODE_ENDPOINT_CALLS_PER_MINUTE,
  OTP_MAX_ATTEMPTS,
  OTP_MAX_SENDS_PER_HOUR,
  OTP_RESEND_AFTER_SECONDS,
  OTP_TTL_SECONDS,
  otpSendBodySchema,
  otpSendResponseSchema,
  otpVerifyBodySchema,
  playerProfileSchema,
} from '@coinfall/shared';
import { actorOf } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import type { OtpService } from './otp.service.ts';

const security = [{ bearerAuth: [] }];
/** Per client IP, on top of the per-player limits the service keeps. */
const rateLimit = { max: CODE_ENDPOINT_CALLS_PER_MINUTE, timeWindow: 60_000 };

/** SMS one-time codes (spec §7 "Player"): both routes need a logged-in player. */
export function otpRoutes(
  otp: OtpService,
  requireAuth: onRequestAsyncHookHandler,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['player'];
    app.addHook('onRequest', requireAuth);
    // A code asked for too soon says when the next one may go, as the API rate limit does.
    app.addHook('onError', async (_request, reply, error) => {
      const retryAfter = error instanceof AppError ? error.details?.retryAfter : undefined;
      if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
    });

    app.post(
      '/otp/send',
      {
        config: { rateLimit },
        schema: {
          tags,
          security,
          summary: 'Text a one-time code to the phone given, or to the profile’s phone',
          description:
            `A new code replaces earlier ones and is valid ${OTP_TTL_SECONDS / 60} minutes. Another code may be asked ` +
            `for after ${OTP_RESEND_AFTER_SECONDS} s, at most ${OTP_MAX_SENDS_PER_HOUR} per hour ` +
            '(429 RATE_LIMITED with Retry-After). 409 when that number is confirmed already.',
          body: otpSendBodySchema,
          response: { 200: otpSendResponseSchema },
        },
      },
      (request) => otp.send(actorOf(request), request.body),
    );

    app.post(
      '/otp/verify',
      {
        config: { rateLimit },
        schema: {
          tags,
          security,
          summary: 'Check the texted code; the right one confirms the phone it went to',
          description:
            `A code takes ${OTP_MAX_ATTEMPTS} guesses, then dies even for the right code. A wrong, ` +
            'expired or replaced code is 400 naming body.code. Answers the updated profile.',
          body: otpVerifyBodySchema,
          response: { 200: playerProfileSchema },
        },
      },
      (request) => otp.verify(actorOf(request), request.body),
    );
  };
}
