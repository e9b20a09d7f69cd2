import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type IngestError,
  ingestErrorSchema,
  ingestInvalidSchema,
  ingestSuccessSchema,
  ingestThrottledSchema,
} from '@coinfall/shared';
import type { IngestAnswer, IngestService } from './ingest.service.ts';

const gunzipAsync = promisify(gunzip);

/** Amplitude's limits on a request's (decompressed) body: HTTP V2 API and Batch API (§3.2). */
export const HTTP_API_BODY_LIMIT = 1_048_576;
export const BATCH_API_BODY_LIMIT = 20 * 1_048_576;

const RESPONSES = {
  200: ingestSuccessSchema,
  400: ingestInvalidSchema,
  413: ingestErrorSchema,
  415: ingestErrorSchema,
  429: ingestThrottledSchema,
};

type Refusal = Extract<IngestAnswer, { status: 400 | 413 }> | { status: 415; body: IngestError };

/**
 * The body as text: gzip undone here in one call (the compression plugin's streaming
 * decompression cost more CPU per batch), the limit applied to the decompressed bytes.
 */
async function bodyText(
  raw: unknown,
  encoding: string | undefined,
  limit: number,
): Promise<string | Refusal> {
  const bytes = Buffer.isBuffer(raw) ? raw : Buffer.alloc(0);
  const coding = (encoding ?? 'identity').trim().toLowerCase();
  if (coding === 'identity') return bytes.toString('utf8');
  if (coding !== 'gzip') {
    return { status: 415, body: { code: 415, error: `Unsupported Content-Encoding: ${coding}` } };
  }
  try {
    return (await gunzipAsync(bytes, { maxOutputLength: limit })).toString('utf8');
  } catch (err) {
    return (err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE'
      ? { status: 413, body: { code: 413, error: 'Request body is too large' } }
      : { status: 400, body: { code: 400, error: 'Invalid gzip body' } };
  }
}

/**
 * POST /2/httpapi and /batch on the app's origin, outside /api (docs/decisions/027): the paths of
 * Amplitude's own hosts, so a `serverUrl` or proxy pointing at us swaps only the origin, and
 * outside the API's per-IP limit, since the ingest throttles per device and user. The router
 * prefers these static paths to the site's catch-all whatever the order.
 */
export function ingestRoutes(ingest: IngestService): FastifyPluginAsyncZod {
  return async (app) => {
    // The body as bytes whatever its type (the SDK's beacon sends text/plain).
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });
    // The browser SDK posts cross-origin: any origin may (its api key is public anyway).
    app.addHook('onSend', async (_request, reply) => {
      reply.header('access-control-allow-origin', '*');
    });
    // Every answer the SDK reads carries `code`, equal to the status (§3.4), errors included.
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
      if (status >= 500) request.log.error({ err: error }, 'analytics ingest failed');
      return reply
        .status(status)
        .send({ code: status, error: status >= 500 ? 'Internal server error' : error.message });
    });

    for (const [url, bodyLimit, summary] of [
      ['/2/httpapi', HTTP_API_BODY_LIMIT, 'Amplitude HTTP V2 API: events of the analytics SDK'],
      ['/batch', BATCH_API_BODY_LIMIT, 'Amplitude Batch API: the same body, up to 20 MB'],
    ] as const) {
      app.options(url, { schema: { hide: true } }, (request, reply) =>
        reply
          .status(204)
          .header('access-control-allow-methods', 'POST, OPTIONS')
          .header(
            'access-control-allow-headers',
            request.headers['access-control-request-headers'] ?? 'Content-Type, Content-Encoding',
          )
          .header('access-control-max-age', '86400')
          .send(),
      );
      app.post(
        url,
        {
          bodyLimit,
          decompress: false,
          // Not in /api/openapi.json: Amplitude's contract (decision 027), not ours.
          schema: { hide: true, summary, response: RESPONSES },
        },
        async (request, reply) => {
          const text = await bodyText(request.body, request.headers['content-encoding'], bodyLimit);
          const answer = typeof text === 'string' ? await ingest.ingest(text) : text;
          return reply.status(answer.status).send(answer.body);
        },
      );
    }
  };
}
