// `schema.hide` (keep these routes out of the OpenAPI document) is declared by @fastify/swagger.
/// <reference types="@fastify/swagger" />
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { REALTIME_PATHS } from '@coinfall/shared';
import type { Gateway } from './gateway.ts';
import { encodeDisconnectPush } from './protocol.fns.ts';
import { MAX_INBOUND_BYTES, STREAM_HEADERS, isOriginAllowed } from './transport.fns.ts';

/** These routes are registered inside the /api scope (its rate limit applies to them). */
const API_PREFIX = '/api';
const within = (path: string) => path.slice(API_PREFIX.length);

/** CORS for allowed cross-origin pages; null when the page's origin is not allowed. */
function corsHeaders(
  request: FastifyRequest,
  allowed: readonly string[],
): Record<string, string> | null {
  const { origin, host } = request.headers;
  if (!isOriginAllowed(origin, host, allowed)) return null;
  return origin
    ? {
        'access-control-allow-origin': origin,
        'access-control-allow-credentials': 'true',
        vary: 'Origin',
      }
    : {};
}

/**
 * HTTP-streaming and SSE (§1.12): the response stays open and carries every reply and push;
 * the client's commands after connect arrive through POST /emulation, found by session id.
 * The response is hijacked: nothing (compression included) may buffer it.
 */
function openStream(options: {
  gateway: Gateway;
  reply: FastifyReply;
  headers: Record<string, string>;
  /** Everything before the first message: SSE flushes its headers with an empty line. */
  preamble: string;
  frame: (message: string) => string;
  connect: string;
}) {
  const { reply } = options;
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, { ...STREAM_HEADERS, ...options.headers });
  raw.write(options.preamble);
  const connection = options.gateway.open({
    emulated: true,
    write: (message) => raw.write(options.frame(message)),
    bufferedBytes: () => raw.writableLength,
    // No close frame exists here: the disconnect is a push, then the response ends.
    close: (disconnect) => {
      if (disconnect && raw.writable) raw.write(options.frame(encodeDisconnectPush(disconnect)));
      raw.end();
    },
  });
  // The response's close, not the request's: that one fires once the body is read.
  raw.on('close', () => connection.transportClosed());
  connection.receive(options.connect);
}

export function emulationRoutes(options: {
  gateway: Gateway;
  nodeId: string;
  allowedOrigins: readonly string[];
}): FastifyPluginAsync {
  const { gateway, allowedOrigins } = options;
  return async (api) => {
    // Bodies are newline-delimited commands (or the emulation envelope): read as text, 64 KiB.
    api.removeAllContentTypeParsers();
    api.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: MAX_INBOUND_BYTES },
      (_r, body, done) => done(null, body),
    );
    const routeOptions = { schema: { hide: true }, compress: false as const };

    api.post(within(REALTIME_PATHS.httpStream), routeOptions, (request, reply) => {
      const cors = corsHeaders(request, allowedOrigins);
      if (!cors) return reply.code(403).send();
      if (typeof request.body !== 'string' || request.body.trim() === '') {
        return reply.code(400).send();
      }
      openStream({
        gateway,
        reply,
        headers: { ...cors, 'content-type': 'application/json', connection: 'keep-alive' },
        preamble: '',
        frame: (message) => `${message}\n`,
        connect: request.body,
      });
    });

    api.get(within(REALTIME_PATHS.sse), routeOptions, (request, reply) => {
      const cors = corsHeaders(request, allowedOrigins);
      if (!cors) return reply.code(403).send();
      const { cf_connect: connect } = request.query as { cf_connect?: unknown };
      if (typeof connect !== 'string' || connect === '' || connect.length > MAX_INBOUND_BYTES) {
        return reply.code(400).send();
      }
      openStream({
        gateway,
        reply,
        headers: { ...cors, 'content-type': 'text/event-stream; charset=utf-8' },
        preamble: '\r\n',
        frame: (message) => `data: ${message}\n\n`,
        connect,
      });
    });

    api.options(within(REALTIME_PATHS.emulation), routeOptions, (request, reply) => {
      const cors = corsHeaders(request, allowedOrigins) ?? {};
      return reply
        .code(204)
        .headers({
          ...cors,
          'access-control-allow-methods': 'POST, OPTIONS',
          'access-control-allow-headers': 'content-type',
          'access-control-max-age': '300',
        })
        .send();
    });

    api.post(within(REALTIME_PATHS.emulation), routeOptions, (request, reply) => {
      const cors = corsHeaders(request, allowedOrigins);
      if (!cors) return reply.code(403).send();
      reply.headers(cors);
      let envelope: { session?: unknown; node?: unknown; data?: unknown };
      try {
        envelope = JSON.parse(
          typeof request.body === 'string' ? request.body : '',
        ) as typeof envelope;
      } catch {
        return reply.code(400).send();
      }
      const { session, node, data } = envelope ?? {};
      if (typeof session !== 'string' || typeof node !== 'string' || typeof data !== 'string') {
        return reply.code(400).send();
      }
      // Another node's session: the load balancer must route by node (sticky sessions).
      const connection = node === options.nodeId ? gateway.findSession(session) : undefined;
      if (!connection) return reply.code(404).send();
      connection.receive(data);
      return reply.code(204).send();
    });
  };
}
