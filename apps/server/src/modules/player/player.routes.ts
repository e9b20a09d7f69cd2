import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contentPreviewQuerySchema,
  fieldValidationListSchema,
  fieldValidationsQuerySchema,
  playerProfileSchema,
  registerBodySchema,
  sessionResponseSchema,
} from '@coinfall/shared';
import { actorOf } from '../../platform/auth.ts';
import { PREVIEW_COOKIE } from '../content/content.fns.ts';
import { ipCountryFrom } from './player.fns.ts';
import type { PlayerService } from './player.service.ts';

/** The site sends its preview token as a query (its API calls carry no cookies); the cookie too. */
const previewOf = (request: {
  query: { preview?: string | undefined };
  cookies: Record<string, string | undefined>;
}) => request.query.preview ?? request.cookies[PREVIEW_COOKIE];

/** Registration, the profile and its field rules (spec §7 "Player"). */
export function playerRoutes(
  players: PlayerService,
  requireAuth: onRequestAsyncHookHandler,
  /** The trusted proxy's client-country header (GEO_IP_COUNTRY_HEADER); null reads none. */
  ipCountryHeader: string | null = null,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['player'];

    app.post(
      '/register',
      {
        schema: {
          tags,
          summary: 'Create an account and log in',
          body: registerBodySchema,
          querystring: contentPreviewQuerySchema,
          response: { 200: sessionResponseSchema },
        },
      },
      (request) =>
        players.register(
          request.body,
          request.ip,
          ipCountryHeader ? ipCountryFrom(request.headers[ipCountryHeader]) : null,
          previewOf(request),
        ),
    );

    app.get(
      '/profile',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'The current player’s profile',
          security: [{ bearerAuth: [] }],
          response: { 200: playerProfileSchema },
        },
      },
      (request) => players.profile(actorOf(request)),
    );

    app.get(
      '/fields/validations',
      {
        schema: {
          tags,
          summary: 'Which fields a form shows and which are required',
          description:
            'The registration list comes from the content (global-components, default locale); ' +
            'a valid preview token (query, or the content_preview cookie) shows the drafts’ list.',
          querystring: fieldValidationsQuerySchema,
          response: { 200: fieldValidationListSchema },
        },
      },
      (request) => players.fieldValidations(request.query.scenario, previewOf(request)),
    );
  };
}
