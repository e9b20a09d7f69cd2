import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminContentDocumentSchema,
  adminContentDraftBodySchema,
  adminContentListSchema,
  adminContentParamsSchema,
  adminContentPublishBodySchema,
  adminContentQuerySchema,
} from '@coinfall/shared';
import { staffOf } from '../backoffice/staff-guard.ts';
import { staffRoute } from '../backoffice/staff-route.ts';
import type { ContentAdminService } from './content-admin.service.ts';

const access = 'content.manage';

/**
 * The site's content documents for staff (decision 055), mounted by the back office under
 * /admin behind its guard: drafts, their preview link, and publishing.
 */
export function contentAdminRoutes(service: ContentAdminService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/content',
      staffRoute(access, {
        summary: 'Every content document of every locale: published hash, waiting draft (paged)',
        querystring: adminContentQuerySchema,
        response: { 200: adminContentListSchema },
      }),
      (request) => service.list(request.query),
    );
    app.get(
      '/content/:locale/:name',
      staffRoute(access, {
        summary: 'One document: published and draft, and the preview link of its locale',
        params: adminContentParamsSchema,
        response: { 200: adminContentDocumentSchema },
      }),
      (request) => service.get(request.params),
    );
    app.put(
      '/content/:locale/:name/draft',
      staffRoute(access, {
        summary: 'Save the draft of a document (audited); the site shows it only in preview',
        description:
          'The document is checked against its schema: 400 naming each failing field (body.document.<path>).',
        params: adminContentParamsSchema,
        body: adminContentDraftBodySchema,
        response: { 200: adminContentDocumentSchema },
      }),
      (request) => service.saveDraft(staffOf(request), request.params, request.body),
    );
    app.delete(
      '/content/:locale/:name/draft',
      staffRoute(access, {
        summary: 'Discard the draft saved in the back office (audited)',
        params: adminContentParamsSchema,
        response: { 200: adminContentDocumentSchema },
      }),
      (request) => service.discardDraft(staffOf(request), request.params),
    );
    app.post(
      '/content/:locale/:name/publish',
      staffRoute(access, {
        summary: 'Publish the reviewed draft (audited): every site visitor sees it at once',
        description:
          'The draft is checked against its schema again: a bad one is refused (400 naming draft.<path>) and nothing is published. 409 when the draft changed since draftHash or there is none.',
        params: adminContentParamsSchema,
        body: adminContentPublishBodySchema,
        response: { 200: adminContentDocumentSchema },
      }),
      (request) => service.publish(staffOf(request), request.params, request.body),
    );
  };
}
