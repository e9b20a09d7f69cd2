/** An event as forwarded: the stored Amplitude event, with an insert_id. */
export type ForwardEvent = Record<string, unknown>;

/** Amplitude refuses a request of 1 MB or more (413); this leaves room for the envelope. */
export const MAX_REQUEST_BYTES = 1_000_000 - 4_096;
/** Amplitude's default minimum length of user_id / device_id. */
const AMPLITUDE_MIN_ID_LENGTH = 5;

/**
 * The HTTP V2 body for some events. Our ingest may have taken ids shorter than Amplitude's
 * default minimum (a sender's `options.min_id_length`): the shortest one in the batch lowers it,
 * so Amplitude takes what we took.
 */
export function forwardBody(apiKey: string, events: readonly ForwardEvent[]) {
  let shortest = AMPLITUDE_MIN_ID_LENGTH;
  for (const event of events) {
    for (const id of [event.user_id, event.device_id]) {
      if (typeof id === 'string' && id.length > 0) shortest = Math.min(shortest, id.length);
    }
  }
  return {
    api_key: apiKey,
    events,
    ...(shortest < AMPLITUDE_MIN_ID_LENGTH ? { options: { min_id_length: shortest } } : {}),
  };
}

/**
 * Splits events into requests of at most `batchSize` events and MAX_REQUEST_BYTES of JSON, in
 * order. An event is never split; one larger than the limit goes alone (Amplitude's 413 drops it).
 */
export function chunkEvents<T extends { bytes: number }>(
  items: readonly T[],
  batchSize: number,
): T[][] {
  const chunks: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  for (const item of items) {
    if (
      current.length > 0 &&
      (current.length >= batchSize || bytes + item.bytes > MAX_REQUEST_BYTES)
    ) {
      chunks.push(current);
      current = [];
      bytes = 0;
    }
    current.push(item);
    bytes += item.bytes + 1;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/**
 * What one answer of Amplitude means for the batch posted (shared/design/analytics-ingest.md
 * §3.2–3.3): taken; some events refused for good (400 with index maps: drop them, resend the
 * rest); too large (413: halve); or try the whole batch again later (429, 408, 5xx, a refused api
 * key an operator can fix, anything unknown), no sooner than `notBeforeMs`.
 */
export type ForwardAnswer =
  | { kind: 'ok' }
  | { kind: 'refused'; indices: number[]; error: string }
  | { kind: 'too-large' }
  | { kind: 'retry'; error: string; notBeforeMs: number };

/** Amplitude pauses a throttled device or user 30 s. */
const THROTTLE_PAUSE_MS = 30_000;

const indicesOf = (map: unknown): number[] =>
  map && typeof map === 'object'
    ? Object.values(map).flatMap((v) =>
        Array.isArray(v) ? v.filter((i): i is number => Number.isInteger(i)) : [],
      )
    : [];

/** Reads Amplitude's status and JSON body (which may be absent or not JSON). */
export function readForwardAnswer(status: number, body: unknown, count: number): ForwardAnswer {
  if (status >= 200 && status < 300) return { kind: 'ok' };
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const error = `Amplitude answered ${status}${typeof b.error === 'string' ? `: ${b.error.slice(0, 200)}` : ''}`;
  if (status === 413) return { kind: 'too-large' };
  if (status === 429) return { kind: 'retry', error, notBeforeMs: THROTTLE_PAUSE_MS };
  if (status === 400) {
    // A wrong key is the operator's to fix: keep the events until it is.
    if (typeof b.error === 'string' && b.error.startsWith('Invalid API key')) {
      return { kind: 'retry', error, notBeforeMs: 0 };
    }
    const listed = new Set(
      [
        ...indicesOf(b.events_with_invalid_fields),
        ...indicesOf(b.events_with_missing_fields),
        ...indicesOf(b.events_with_invalid_id_lengths),
        ...(Array.isArray(b.silenced_events) ? indicesOf({ s: b.silenced_events }) : []),
      ].filter((i) => i >= 0 && i < count),
    );
    // Nothing listed (a missing field of the request itself): no resend of it can succeed.
    const indices = listed.size > 0 ? [...listed].sort((x, y) => x - y) : [...Array(count).keys()];
    return { kind: 'refused', indices, error };
  }
  return { kind: 'retry', error, notBeforeMs: 0 };
}

/** How long a request of `events` must take at `eventsPerSecond` (and 100 requests/s at most). */
export function paceMs(events: number, eventsPerSecond: number): number {
  return Math.max(10, Math.ceil((events * 1000) / eventsPerSecond));
}
