import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminDocumentFileQuerySchema,
  adminDocumentLinkSchema,
  adminKycDecisionBodySchema,
  adminKycDecisionSchema,
  adminKycDocumentListSchema,
  adminKycDocumentSchema,
  adminKycQueueQuerySchema,
  adminUuidParamsSchema,
} from '@coinfall/shared';
import type { KycReviewService } from './kyc-review.service.ts';
import { staffOf } from './staff-guard.ts';
import { staffRoute } from './staff-route.ts';

const access = 'kyc.review';

/** KYC review: pending identity documents, signed links to view them, approve or reject. */
export function kycReviewRoutes(service: KycReviewService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/kyc/documents',
      staffRoute(access, {
        summary: 'Identity documents waiting for a decision, oldest first',
        querystring: adminKycQueueQuerySchema,
        response: { 200: adminKycDocumentListSchema },
      }),
      (request) => service.queue(request.query),
    );

    app.get(
      '/kyc/documents/:id',
      staffRoute(access, {
        summary: 'One document (any status) with its player’s identity data',
        params: adminUuidParamsSchema,
        response: { 200: adminKycDocumentSchema },
      }),
      (request) => service.get(request.params.id),
    );

    app.post(
      '/kyc/documents/:id/link',
      staffRoute(access, {
        summary: 'A 5-minute link to the document’s file, for the caller only (audited)',
        params: adminUuidParamsSchema,
        response: { 200: adminDocumentLinkSchema },
      }),
      (request) => service.link(staffOf(request), request.params.id),
    );

    app.get(
      '/kyc/documents/:id/file',
      {
        ...staffRoute(access, {
          summary: 'The document’s file through an issued link (staff session and signature)',
          description:
            '403 when the signature is expired, altered, or was issued to another staff member. ' +
            'Served with the detected content type, `Cache-Control: no-store` and `nosniff`.',
          params: adminUuidParamsSchema,
          querystring: adminDocumentFileQuerySchema,
        }),
        // Images and PDFs are compressed already; keeps content-length exact.
        compress: false,
      },
      async (request, reply) => {
        const file = await service.file(staffOf(request), request.params.id, request.query.sig);
        return reply
          .type(file.mime)
          .header('content-length', file.size)
          .header('content-disposition', `inline; filename="${file.name}"`)
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; img-src 'self'; sandbox")
          .send(file.stream);
      },
    );

    app.post(
      '/kyc/documents/:id/approve',
      staffRoute(access, {
        summary: 'Approve a pending document: the player becomes KYC-verified; reason required',
        description:
          'The player gets the kyc push (kyc.player.updated) and the site’s verified alert. ' +
          '409 when the document is not pending.',
        params: adminUuidParamsSchema,
        body: adminKycDecisionBodySchema,
        response: { 200: adminKycDecisionSchema },
      }),
      (request) => service.approve(staffOf(request), request.params.id, request.body.reason),
    );

    app.post(
      '/kyc/documents/:id/reject',
      staffRoute(access, {
        summary: 'Reject a pending document; reason required (kept in the audit, not shown)',
        description:
          'A player not verified yet gets a rejected identity check (and its push) and may ' +
          'upload again. 409 when the document is not pending.',
        params: adminUuidParamsSchema,
        body: adminKycDecisionBodySchema,
        response: { 200: adminKycDecisionSchema },
      }),
      (request) => service.reject(staffOf(request), request.params.id, request.body.reason),
    );
  };
}
