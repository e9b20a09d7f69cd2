/** What the provider's hosted 3-D Secure page posts to the site when the player is done. */
export const THREE_DS_MESSAGE_TYPE = 'coinfall:3ds';

export interface ThreeDsResult {
  invoiceId: string;
  /** The invoice status the provider reports (spec §4); the API stays the source of truth. */
  status: number;
}

/** The origin of the hosted page the iframe shows; undefined for a URL that is not http(s). */
export function providerOriginOf(url: string, base: string): string | undefined {
  try {
    const parsed = new URL(url, base);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reads a window `message` as a 3-D Secure result, or undefined: only a message from the
 * provider's origin, with the expected shape, about the invoice being paid counts. Anything else
 * (another frame, an extension, a forged invoice id) is ignored.
 */
export function readThreeDsMessage(
  event: { origin: string; data: unknown },
  expected: { origin: string; invoiceId: string },
): ThreeDsResult | undefined {
  if (event.origin !== expected.origin) return undefined;
  const data = event.data;
  if (typeof data !== 'object' || data === null) return undefined;
  const { type, invoiceId, status } = data as Record<string, unknown>;
  if (type !== THREE_DS_MESSAGE_TYPE || invoiceId !== expected.invoiceId) return undefined;
  if (typeof status !== 'number' || !Number.isInteger(status)) return undefined;
  return { invoiceId, status };
}
