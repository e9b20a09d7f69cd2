import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_TYPES,
  documentIdParamsSchema,
  playerDocumentListSchema,
  playerDocumentSchema,
  noContentSchema,
} from '@coinfall/shared';
import { actorOf } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import type { DocumentUpload, DocumentsService } from './documents.service.ts';

const MAX_FIELD_BYTES = 1024;

/**
 * Reads the multipart body: its short text fields and the one part named `file`, buffered up to
 * DOCUMENT_MAX_BYTES (413 beyond, thrown by @fastify/multipart). Unknown file parts are refused.
 */
async function readUpload(request: FastifyRequest): Promise<DocumentUpload> {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the document as multipart/form-data', {
      fields: [{ field: 'body', message: 'Expected multipart/form-data' }],
    });
  }
  const upload: DocumentUpload = { fields: {}, file: null };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          throw AppError.invalid(`body.${part.fieldname}`, 'The only file part is "file"');
        }
        upload.file = await part.toBuffer();
      } else if (typeof part.value === 'string') {
        upload.fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    // The multipart plugin's own refusals (too large, too many parts) carry their status; what the
    // parser underneath throws on a body that is not multipart at all (no boundary, cut short)
    // does not, and is the client's fault.
    if (
      err instanceof AppError ||
      typeof (err as { statusCode?: unknown }).statusCode === 'number'
    ) {
      throw err;
    }
    throw AppError.invalid('body', 'The multipart body is malformed or cut short');
  }
  return upload;
}

/** Verification documents (spec §3, §4, §7 "Player"): every route needs a logged-in player. */
export function documentsRoutes(
  documents: DocumentsService,
  requireAuth: onRequestAsyncHookHandler,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['player'];
    const security = [{ bearerAuth: [] }];
    app.addHook('onRequest', requireAuth);
    // Only this scope parses multipart bodies.
    await app.register(multipart, {
      limits: {
        fileSize: DOCUMENT_MAX_BYTES,
        files: 1,
        fields: 8,
        fieldSize: MAX_FIELD_BYTES,
        parts: 9,
        headerPairs: 100,
      },
      throwFileSizeLimit: true,
    });

    app.get(
      '/documents',
      {
        schema: {
          tags,
          security,
          summary: 'The player’s documents and the verification state they add up to',
          response: { 200: playerDocumentListSchema },
        },
      },
      (request) => documents.list(actorOf(request)),
    );

    app.post(
      '/documents',
      {
        schema: {
          tags,
          security,
          summary: 'Upload a document (multipart: `type` and one `file`)',
          description:
            `multipart/form-data with a text field \`type\` (${DOCUMENT_TYPES.join(', ')}) and ` +
            `one file part \`file\`: JPEG, PNG, WebP or PDF by content, at most ` +
            `${DOCUMENT_MAX_BYTES / 1024 / 1024} MB. Refused (409) while a document is not rejected.`,
          consumes: ['multipart/form-data'],
          response: { 200: playerDocumentSchema },
        },
      },
      async (request) => documents.upload(actorOf(request), await readUpload(request)),
    );

    app.get(
      '/documents/:id/file',
      {
        // Images and PDFs are compressed already; keeps content-length exact.
        compress: false,
        schema: {
          tags,
          security,
          summary: 'Download one of the player’s own documents',
          params: documentIdParamsSchema,
        },
      },
      async (request, reply) => {
        const file = await documents.file(actorOf(request), request.params.id);
        return reply
          .type(file.mime)
          .header('content-length', file.size)
          .header('content-disposition', `attachment; filename="${file.name}"`)
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          .send(file.stream);
      },
    );

    app.delete(
      '/documents/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Delete one of the player’s own documents while pending or rejected',
          params: documentIdParamsSchema,
          response: { 204: noContentSchema },
        },
      },
      async (request, reply) => {
        await documents.remove(actorOf(request), request.params.id);
        return reply.code(204).send(null);
      },
    );
  };
}
