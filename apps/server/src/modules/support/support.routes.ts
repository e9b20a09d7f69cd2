import type { FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SUPPORT_ATTACHMENT_MAX_BYTES,
  SUPPORT_MESSAGE_RATE,
  SUPPORT_TEXT_MAX,
  supportAttachmentParamsSchema,
  supportConversationViewSchema,
  supportHistoryQuerySchema,
  supportMessageResponseSchema,
  supportRatingBodySchema,
  supportReadBodySchema,
  supportSendBodySchema,
  noContentSchema,
} from '@coinfall/shared';
import { bearerCredential, type PlayerAuthenticator } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import type { SupportService, SupportUpload } from './support.service.ts';

const tags = ['support'];
const security = [{ bearerAuth: [] }];

declare module 'fastify' {
  interface FastifyRequest {
    /** The player of a /api/support request: from a live session, or from a support pass. */
    supportPlayerId: string | null;
  }
}

function playerOf(request: FastifyRequest): string {
  if (!request.supportPlayerId) throw new AppError('UNAUTHENTICATED', 'Log in to continue');
  return request.supportPlayerId;
}

/**
 * Who may use /api/support (decision 040): a player with a live session, as everywhere; and a
 * blocked or excluded player holding the support pass their refused login gave them. The pass is
 * accepted here and on their support channel only: every other guard checks the player audience
 * and refuses it.
 */
export function createSupportGuard(deps: {
  authenticate: PlayerAuthenticator;
  passPlayer: (token: string) => Promise<string | null>;
}) {
  return async (request: FastifyRequest): Promise<void> => {
    const token = bearerCredential(request);
    const passPlayer = token ? await deps.passPlayer(token) : null;
    request.supportPlayerId = passPlayer ?? (await deps.authenticate(token)).playerId;
  };
}

/** Reads the multipart body: short text fields and the one part named `file`. */
async function readUpload(request: FastifyRequest): Promise<SupportUpload> {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data', {
      fields: [{ field: 'body', message: 'Expected multipart/form-data' }],
    });
  }
  const upload: SupportUpload = { fields: {}, file: null };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          throw AppError.invalid(`body.${part.fieldname}`, 'The only file part is "file"');
        }
        upload.file = { bytes: await part.toBuffer(), filename: part.filename };
      } else if (typeof part.value === 'string') {
        upload.fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
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

/**
 * RFC 6266: an ASCII `filename` for old clients and the UTF-8 name in `filename*` (RFC 8187). A
 * raw name outside Latin-1 is not a valid header value: the reply would fail. (The
 * `content-disposition` package does this, but this workspace resolves koa's 0.5 copy of it,
 * and its current major needs Node 22.)
 */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '?').replace(/["\\]/g, '');
  if (ascii === name) return `attachment; filename="${ascii}"`;
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The file of an attachment: private, never cached, offered as a download under our name. */
export async function sendAttachment(
  reply: FastifyReply,
  file: Awaited<ReturnType<SupportService['file']>>,
) {
  return reply
    .type(file.contentType)
    .header('content-length', file.size)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', attachmentDisposition(file.name))
    .send(file.stream);
}

/** Player routes of the support chat, under /api/support. */
export function supportRoutes(
  support: SupportService,
  guard: (request: FastifyRequest) => Promise<void>,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.decorateRequest('supportPlayerId', null);
    app.addHook('onRequest', guard);
    await app.register(multipart, {
      limits: {
        fileSize: SUPPORT_ATTACHMENT_MAX_BYTES,
        files: 1,
        fields: 4,
        fieldSize: SUPPORT_TEXT_MAX * 4,
        parts: 5,
        headerPairs: 100,
      },
      throwFileSizeLimit: true,
    });
    // Per player (not per address), shared by every node through the API's rate-limit store.
    const rateLimit = {
      max: SUPPORT_MESSAGE_RATE.limit,
      timeWindow: SUPPORT_MESSAGE_RATE.windowMs,
      keyGenerator: (request: FastifyRequest) => `support-messages:${request.supportPlayerId}`,
    };

    app.get(
      '/conversation',
      {
        schema: {
          tags,
          security,
          summary: "The player's latest conversation and a page of its messages (oldest first)",
          querystring: supportHistoryQuerySchema,
          response: { 200: supportConversationViewSchema },
        },
      },
      (request) => support.view(playerOf(request), request.query),
    );

    app.post(
      '/messages',
      {
        config: { rateLimit },
        schema: {
          tags,
          security,
          summary: 'Write to support (opens a conversation when none is open)',
          description:
            `Plain text, 1..${SUPPORT_TEXT_MAX} characters. A retry with the same ` +
            'clientMessageId returns the first message. At most ' +
            `${SUPPORT_MESSAGE_RATE.limit} messages per ${SUPPORT_MESSAGE_RATE.windowMs / 1000} s (429).`,
          body: supportSendBodySchema,
          response: { 200: supportMessageResponseSchema },
        },
      },
      async (request) => ({ message: await support.send(playerOf(request), request.body) }),
    );

    app.post(
      '/attachments',
      {
        config: { rateLimit },
        schema: {
          tags,
          security,
          summary: 'Send a file (multipart: one `file`, optional `text` and `clientMessageId`)',
          description:
            'PNG, JPEG, WebP or PDF as detected from the bytes (415 otherwise, whatever the name ' +
            'or declared type), at most 5 MB (413).',
          consumes: ['multipart/form-data'],
          response: { 200: supportMessageResponseSchema },
        },
      },
      async (request) => ({
        message: await support.attach(playerOf(request), await readUpload(request)),
      }),
    );

    app.get(
      '/attachments/:id',
      {
        schema: {
          tags,
          security,
          summary: "An attachment's file: only for the conversation's player (404 otherwise)",
          params: supportAttachmentParamsSchema,
        },
      },
      async (request, reply) =>
        sendAttachment(
          reply,
          await support.file({ playerId: playerOf(request) }, request.params.id),
        ),
    );

    app.post(
      '/read',
      {
        schema: {
          tags,
          security,
          summary: 'Read receipt: the player read up to this message',
          body: supportReadBodySchema,
          response: { 204: noContentSchema },
        },
      },
      async (request, reply) => {
        await support.read(playerOf(request), request.body.upToMessageId);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/typing',
      {
        schema: {
          tags,
          security,
          summary: 'The player is typing (passed on at most every 2 s)',
          response: { 204: noContentSchema },
        },
      },
      async (request, reply) => {
        await support.typing(playerOf(request));
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/rating',
      {
        schema: {
          tags,
          security,
          summary: 'Rate a closed conversation, once',
          body: supportRatingBodySchema,
          response: { 204: noContentSchema },
        },
      },
      async (request, reply) => {
        await support.rate(playerOf(request), request.body);
        return reply.code(204).send(null);
      },
    );
  };
}
