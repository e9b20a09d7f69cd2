/** Limits and checks every transport shares (design/realtime-protocol.md §1.1, §1.12). */

/** One inbound WebSocket message, one streaming connect body, one /emulation body. */
export const MAX_INBOUND_BYTES = 64 * 1024;

/** Outbound bytes queued for one client before it is dropped as a slow consumer (3008). */
export const MAX_OUTBOUND_BYTES = 1024 * 1024;

/**
 * A page may open the socket from our own origin (Origin's host equals Host) or from an
 * allowed one; a request without Origin is not from a browser page and is let in.
 */
export function isOriginAllowed(
  origin: string | undefined,
  host: string | undefined,
  allowedOrigins: readonly string[],
): boolean {
  if (origin === undefined) return true;
  if (!URL.canParse(origin)) return false;
  const parsed = new URL(origin);
  if (host !== undefined && parsed.host === host.toLowerCase()) return true;
  return allowedOrigins.includes(parsed.origin);
}

/** Headers of a streaming response: nothing may cache, buffer or compress it on the way. */
export const STREAM_HEADERS = {
  'cache-control': 'private, no-cache, no-store, must-revalidate, max-age=0',
  pragma: 'no-cache',
  expires: '0',
  'x-accel-buffering': 'no',
  'content-encoding': 'identity',
} as const;
