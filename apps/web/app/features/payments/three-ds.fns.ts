/** What the provider's hosted 3-D Secure page posts to the site when the player is done. */
export const THREE_DS_MESSAGE_TYPE = 'coinfall:3ds';

/** The provider's words for how the challenge ended (its page posts one of these). */
export const THREE_DS_STATUSES = ['success', 'fail', 'processing'] as const;

export interface ThreeDsResult {
  invoiceId: string;
  /**
   * How the provider says the challenge ended: one of its words, or an invoice status number
   * (spec §4). Only a hint to read the invoice now; the API stays the source of truth.
   */
  status: (typeof THREE_DS_STATUSES)[number] | number;
}

function isThreeDsStatus(value: unknown): value is ThreeDsResult['status'] {
  return (
    (typeof value === 'number' && Number.isInteger(value)) ||
    (THREE_DS_STATUSES as readonly unknown[]).includes(value)
  );
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
  if (typeof invoiceId !== 'string' || !isThreeDsStatus(status)) return undefined;
  return { invoiceId, status };
}
