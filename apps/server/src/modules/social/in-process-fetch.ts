import type { FastifyInstance, InjectOptions } from 'fastify';
import type { CustomFetch } from 'openid-client';

const NO_BODY_STATUSES = new Set([101, 204, 205, 304]);

function payloadOf(body: Parameters<CustomFetch>[1]['body']): InjectOptions['payload'] {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  if (body instanceof Uint8Array) return Buffer.from(body);
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  throw new TypeError('streamed request bodies are not supported in process');
}

/**
 * A fetch that answers from this very app (light-my-request) instead of the network: the server
 * talks to its own sandbox identity provider without reaching itself through PUBLIC_URL, which
 * may not resolve from inside (a container, a proxy, a test that never listens). Host and
 * protocol travel as headers so the provider builds the same URLs a browser sees.
 */
export function inProcessFetch(app: FastifyInstance): CustomFetch {
  return async (url, options) => {
    const target = new URL(url);
    const res = await app.inject({
      method: options.method as InjectOptions['method'],
      url: `${target.pathname}${target.search}`,
      headers: {
        ...options.headers,
        host: target.host,
        'x-forwarded-proto': target.protocol.slice(0, -1),
      },
      payload: payloadOf(options.body),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (Array.isArray(value)) value.forEach((v) => headers.append(name, v));
      else if (value !== undefined) headers.set(name, String(value));
    }
    return new Response(NO_BODY_STATUSES.has(res.statusCode) ? null : res.rawPayload, {
      status: res.statusCode,
      headers,
    });
  };
}
