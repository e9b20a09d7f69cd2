import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import type { Config } from '../config.ts';

const scriptNonces = new WeakMap<ServerResponse, string>();

/** The nonce every inline script of this response must carry (the SSR page passes it on). */
export function scriptNonceOf(response: ServerResponse): string {
  return scriptNonces.get(response) ?? '';
}

/**
 * Helmet's headers with a strict script policy: only our own files and inline scripts bearing
 * this response's nonce. Styles may be inline: UI libraries (dialog scroll locks, toasts) add
 * <style> tags at run time, and a style nonce would disable 'unsafe-inline' for all of them.
 */
/**
 * Browser features the site may use, and only from its own pages: geolocation (the login's
 * location), full screen (the game frame), the clipboard (crypto addresses). Everything else that
 * reaches a device is off, for embedded content too.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'clipboard-write=(self)',
  'fullscreen=(self)',
  'geolocation=(self)',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
].join(', ');

/** The affiliate host's origin when its pixel is elsewhere (issue 19): the page loads it as an image. */
function affiliatePixelOrigin(config: Config): string[] {
  const url = config.growth.affiliatePixel?.url;
  return url && /^https?:/.test(url) ? [new URL(url).origin] : [];
}

export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const https = config.publicUrl.startsWith('https:');
  app.addHook('onRequest', async (_request, reply) => {
    scriptNonces.set(reply.raw, randomBytes(16).toString('base64'));
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
  await app.register(helmet, {
    contentSecurityPolicy: {
      // Vite's dev server injects scripts of its own; in that mode violations only report.
      reportOnly: config.siteMode === 'vite',
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", (_req, res) => `'nonce-${scriptNonceOf(res)}'`],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...affiliatePixelOrigin(config)],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        frameSrc: ["'self'"],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.nodeEnv === 'production' && https ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Strict-Transport-Security means nothing over http, and pins a local host to https.
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
}
