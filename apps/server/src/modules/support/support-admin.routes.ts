import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  supportAgentListSchema,
  supportAttachmentParamsSchema,
  supportCannedBodySchema,
  supportCannedListSchema,
  supportCannedQuerySchema,
  supportCannedReplySchema,
  supportConversationDetailSchema,
  supportConversationParamsSchema,
  supportPresenceBodySchema,
  supportQueueListSchema,
  supportQueueQuerySchema,
  supportReadBodySchema,
  supportRealtimeTokenSchema,
  supportStaffMessageResponseSchema,
  supportStaffSendBodySchema,
  supportTransferBodySchema,
  noContentSchema,
} from '@coinfall/shared';
import { staffOf } from '../backoffice/staff-guard.ts';
import { staffRoute } from '../backoffice/staff-route.ts';
import type { SupportConsoleService } from './support-console.service.ts';
import type { SupportService } from './support.service.ts';
import { sendAttachment } from './support.routes.ts';

const tags = ['admin', 'support'];
const chat = 'support.chat';
const canned = 'support.canned';

/**
 * The agents' console (decision 040), mounted by the back office under /admin behind its staff
 * guard: roles support and admin. State changes (take, transfer, close, reopen, canned replies)
 * are audited.
 */
export function supportAdminRoutes(
  console_: SupportConsoleService,
  support: Pick<SupportService, 'file'>,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/support/conversations',
      staffRoute(chat, {
        tags,
        summary: 'The queue: open conversations (or by status / assignee), longest waiting first',
        querystring: supportQueueQuerySchema,
        response: { 200: supportQueueListSchema },
      }),
      (request) => console_.queue(staffOf(request), request.query),
    );

    app.get(
      '/support/conversations/:id',
      staffRoute(chat, {
        tags,
        summary: 'A conversation with internal notes, and the player beside it',
        params: supportConversationParamsSchema,
        response: { 200: supportConversationDetailSchema },
      }),
      (request) => console_.detail(request.params.id),
    );

    for (const action of ['take', 'close', 'reopen'] as const) {
      app.post(
        `/support/conversations/:id/${action}`,
        staffRoute(chat, {
          tags,
          summary: `${action[0]!.toUpperCase()}${action.slice(1)} a conversation (audited)`,
          params: supportConversationParamsSchema,
          response: { 204: noContentSchema },
        }),
        async (request, reply) => {
          await console_[action](staffOf(request), request.params.id);
          return reply.code(204).send(null);
        },
      );
    }

    app.post(
      '/support/conversations/:id/transfer',
      staffRoute(chat, {
        tags,
        summary: 'Hand a conversation to another agent (audited)',
        params: supportConversationParamsSchema,
        body: supportTransferBodySchema,
        response: { 204: noContentSchema },
      }),
      async (request, reply) => {
        await console_.transfer(staffOf(request), request.params.id, request.body.staffId);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/support/conversations/:id/messages',
      staffRoute(chat, {
        tags,
        summary: 'Reply to the player, or write an internal note (`internal: true`)',
        description:
          'A reply to a waiting conversation takes it. When the player has not used the chat ' +
          'for a minute, the reply is also emailed to them (once).',
        params: supportConversationParamsSchema,
        body: supportStaffSendBodySchema,
        response: { 200: supportStaffMessageResponseSchema },
      }),
      async (request) => ({
        message: await console_.reply(staffOf(request), request.params.id, request.body),
      }),
    );

    app.post(
      '/support/conversations/:id/read',
      staffRoute(chat, {
        tags,
        summary: 'Read receipt: the agents read up to this message',
        params: supportConversationParamsSchema,
        body: supportReadBodySchema,
        response: { 204: noContentSchema },
      }),
      async (request, reply) => {
        await console_.read(request.params.id, request.body.upToMessageId);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/support/conversations/:id/typing',
      staffRoute(chat, {
        tags,
        summary: 'An agent is typing (passed on at most every 2 s)',
        params: supportConversationParamsSchema,
        response: { 204: noContentSchema },
      }),
      async (request, reply) => {
        await console_.typing(request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/support/attachments/:id',
      staffRoute(chat, {
        tags,
        summary: "An attachment's file, for the agents",
        params: supportAttachmentParamsSchema,
      }),
      async (request, reply) =>
        sendAttachment(reply, await support.file({ staff: true }, request.params.id)),
    );

    app.get(
      '/support/canned-replies',
      staffRoute(chat, {
        tags,
        summary: 'Canned replies, of one locale or all',
        querystring: supportCannedQuerySchema,
        response: { 200: supportCannedListSchema },
      }),
      (request) => console_.canned(request.query.locale),
    );

    app.post(
      '/support/canned-replies',
      staffRoute(canned, {
        tags,
        summary: 'Add a canned reply (audited)',
        body: supportCannedBodySchema,
        response: { 201: supportCannedReplySchema },
      }),
      async (request, reply) =>
        reply.code(201).send(await console_.createCanned(staffOf(request), request.body)),
    );

    app.delete(
      '/support/canned-replies/:id',
      staffRoute(canned, {
        tags,
        summary: 'Remove a canned reply (audited)',
        params: supportConversationParamsSchema,
        response: { 204: noContentSchema },
      }),
      async (request, reply) => {
        await console_.deleteCanned(staffOf(request), request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.put(
      '/support/presence',
      staffRoute(chat, {
        tags,
        summary: "The agent's presence (online takes new conversations) and display name",
        body: supportPresenceBodySchema,
        response: { 204: noContentSchema },
      }),
      async (request, reply) => {
        await console_.presence(staffOf(request), request.body);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/support/agents',
      staffRoute(chat, {
        tags,
        summary: 'The agents: display name, presence, open conversations',
        response: { 200: supportAgentListSchema },
      }),
      (request) => console_.agents(staffOf(request)),
    );

    app.get(
      '/support/realtime-token',
      staffRoute(chat, {
        tags,
        summary: 'A gateway connection token for the staff support channel (10 minutes)',
        response: { 200: supportRealtimeTokenSchema },
      }),
      (request) => console_.realtimeToken(staffOf(request)),
    );
  };
}
