import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CONTENT_QUERIES,
  LOCALES,
  contentManifestSchema,
  type ContentQuery,
} from '@coinfall/shared';
import { AppError } from '../../platform/errors.ts';
import { PREVIEW_COOKIE } from './content.fns.ts';
import type { ContentService } from './content.service.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const DOCUMENT_FILE = /^([a-z-]+)\.([0-9a-f]{16})\.json$/;

const localeParams = z.object({ locale: z.enum(LOCALES) });
const previewQuery = z.object({
  preview: z.string().max(256).optional().describe('Preview token: serves drafts, uncached'),
});

export function contentRoutes(content: ContentService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['content'];

    /** Query wins over cookie; the site keeps a session-storage copy and sends it as query. */
    const previewOf = (
      query: { preview?: string | undefined },
      cookies: Record<string, string | undefined>,
    ) => query.preview ?? cookies[PREVIEW_COOKIE];

    app.get(
      '/:locale/manifest.json',
      {
        schema: {
          tags,
          summary: 'Current hashed path and integrity of every content document of a locale',
          params: localeParams,
          querystring: previewQuery,
          response: { 200: contentManifestSchema },
        },
      },
      (request, reply) => {
        const preview = previewOf(request.query, request.cookies);
        const manifest = content.manifest(request.params.locale, { preview });
        reply.header(
          'cache-control',
          manifest.preview ? 'no-store' : 'public, max-age=60, must-revalidate',
        );
        return manifest;
      },
    );

    app.get(
      '/:locale/:file',
      {
        schema: {
          tags,
          summary:
            'One content document by its hashed path ("<query>.<hash>.json"), cached forever',
          params: localeParams.extend({
            file: z.string().regex(DOCUMENT_FILE, 'Expected "<query>.<16 hex hash>.json"'),
          }),
          querystring: previewQuery,
        },
      },
      (request, reply) => {
        const [, name = '', hash = ''] = DOCUMENT_FILE.exec(request.params.file) ?? [];
        if (!(CONTENT_QUERIES as readonly string[]).includes(name)) {
          throw AppError.invalid('params.file', `Unknown content query "${name}"`);
        }
        const preview = previewOf(request.query, request.cookies);
        const { bytes, integrity } = content.getBytes(
          request.params.locale,
          name as ContentQuery,
          hash,
          { preview },
        );
        return reply
          .header('content-type', 'application/json; charset=utf-8')
          .header('cache-control', preview ? 'no-store' : IMMUTABLE)
          .header('x-content-integrity', integrity)
          .send(bytes);
      },
    );
  };
}
