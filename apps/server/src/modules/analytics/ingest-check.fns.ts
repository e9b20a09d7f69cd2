import type { IngestError, IngestInvalid } from '@coinfall/shared';

/** Amplitude's own limits (shared/design/analytics-ingest.md §3.2). */
export const MAX_EVENTS_PER_REQUEST = 2_000;
export const DEFAULT_MIN_ID_LENGTH = 5;
const MAX_TEXT_LENGTH = 1_024;
const MAX_INSERT_ID_LENGTH = 128;
const OBJECT_FIELDS = ['event_properties', 'user_properties', 'groups', 'group_properties'];

/** The fields of an event the ingest reads; the rest is stored as sent. */
export interface CheckedEvent {
  user_id?: string | null;
  device_id?: string | null;
}

export type IngestCheck =
  | { kind: 'invalid'; body: IngestInvalid }
  | { kind: 'too-large'; body: IngestError & { code: 413 } }
  | { kind: 'accepted'; project: string; events: readonly CheckedEvent[] };

type IndexMap = Record<string, number[]>;

const missingField = (field: string): IngestCheck => ({
  kind: 'invalid',
  body: { code: 400, error: 'Request missing required field', missing_field: field },
});

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function mark(map: IndexMap, field: string, index: number): void {
  (map[field] ??= []).push(index);
}

/** An id present (a non-empty value), checked for type and length. */
function checkId(
  value: unknown,
  field: string,
  index: number,
  minLength: number,
  maps: { invalid: IndexMap; lengths: IndexMap },
): boolean {
  if (value === undefined || value === null || value === '') return false;
  if (typeof value !== 'string' || value.length > MAX_TEXT_LENGTH) {
    mark(maps.invalid, field, index);
  } else if (value.length < minLength) {
    mark(maps.lengths, field, index);
  }
  return true;
}

const absent = (value: unknown) => value === undefined || value === null;

/** A UTF-16 half without its other half: JSON can escape one, PostgreSQL's jsonb refuses it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Whether jsonb can hold the value: no lone surrogate in a string or key, no number JSON.parse
 * read as Infinity (1e1000000). Walked with a stack, however deep the value nests.
 */
function storable(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string') {
      if (LONE_SURROGATE.test(item)) return false;
    } else if (typeof item === 'number') {
      if (!Number.isFinite(item)) return false;
    } else if (Array.isArray(item)) {
      for (const inner of item as unknown[]) stack.push(inner);
    } else if (isObject(item)) {
      for (const [key, inner] of Object.entries(item)) {
        if (LONE_SURROGATE.test(key)) return false;
        stack.push(inner);
      }
    }
  }
  return true;
}

/** One event's checks, each failure marked under its field in the request's index maps. */
function checkEvent(
  event: unknown,
  index: number,
  minLength: number,
  maps: { invalid: IndexMap; missing: IndexMap; lengths: IndexMap },
): void {
  if (!isObject(event)) return mark(maps.invalid, 'event', index);
  const type = event.event_type;
  if (absent(type) || type === '') mark(maps.missing, 'event_type', index);
  else if (typeof type !== 'string' || type.length > MAX_TEXT_LENGTH) {
    mark(maps.invalid, 'event_type', index);
  }
  const hasUser = checkId(event.user_id, 'user_id', index, minLength, maps);
  const hasDevice = checkId(event.device_id, 'device_id', index, minLength, maps);
  if (!hasUser && !hasDevice) {
    mark(maps.missing, 'user_id', index);
    mark(maps.missing, 'device_id', index);
  }
  const { time, session_id: session, insert_id: insertId } = event;
  if (!absent(time) && !(Number.isSafeInteger(time) && (time as number) >= 0)) {
    mark(maps.invalid, 'time', index);
  }
  if (!absent(session) && !(Number.isSafeInteger(session) && (session as number) >= -1)) {
    mark(maps.invalid, 'session_id', index);
  }
  if (
    !absent(insertId) &&
    !(
      typeof insertId === 'string' &&
      insertId.length > 0 &&
      insertId.length <= MAX_INSERT_ID_LENGTH
    )
  ) {
    mark(maps.invalid, 'insert_id', index);
  }
  for (const field of OBJECT_FIELDS) {
    if (!absent(event[field]) && !isObject(event[field])) mark(maps.invalid, field, index);
  }
  // Named by index, so the SDK drops this event and sends the others again.
  for (const [field, value] of Object.entries(event)) {
    if (!storable(value)) mark(maps.invalid, field, index);
  }
}

const isEmpty = (map: IndexMap) => Object.keys(map).length === 0;

/**
 * Checks a parsed HTTP V2 body as Amplitude does (§3.3, §3.6): the api key, the events array,
 * the count limit, then each event, every failure listed by index so the SDK drops exactly
 * those events and resends the rest. Nothing is stored unless every event passes.
 */
/** How much of an unknown api_key the refusal repeats (Amplitude's keys are 32 characters). */
const API_KEY_ECHO = 64;

export function checkIngestBody(
  body: unknown,
  projectOf: (apiKey: string) => string | undefined,
): IngestCheck {
  if (!isObject(body)) return { kind: 'invalid', body: { code: 400, error: 'Invalid JSON body' } };
  const apiKey = body.api_key;
  if (typeof apiKey !== 'string' || apiKey === '') return missingField('api_key');
  const project = projectOf(apiKey);
  if (project === undefined) {
    // Echoed as Amplitude does, cut short: the sender chooses its length (up to the body's).
    const shown = apiKey.length > API_KEY_ECHO ? `${apiKey.slice(0, API_KEY_ECHO)}…` : apiKey;
    return { kind: 'invalid', body: { code: 400, error: `Invalid API key: ${shown}` } };
  }
  const events = body.events;
  if (!Array.isArray(events)) return missingField('events');
  if (events.length > MAX_EVENTS_PER_REQUEST) {
    return {
      kind: 'too-large',
      body: { code: 413, error: `Too many events: at most ${MAX_EVENTS_PER_REQUEST} a request` },
    };
  }
  const options = body.options;
  const given = isObject(options) ? options.min_id_length : undefined;
  const minLength =
    Number.isSafeInteger(given) && (given as number) >= 1
      ? (given as number)
      : DEFAULT_MIN_ID_LENGTH;
  const maps = { invalid: {}, missing: {}, lengths: {} };
  for (let i = 0; i < events.length; i += 1) checkEvent(events[i], i, minLength, maps);
  if (isEmpty(maps.invalid) && isEmpty(maps.missing) && isEmpty(maps.lengths)) {
    return { kind: 'accepted', project, events: events as CheckedEvent[] };
  }
  const invalid: IngestInvalid = { code: 400, error: 'Request contains invalid events' };
  if (!isEmpty(maps.invalid)) invalid.events_with_invalid_fields = maps.invalid;
  if (!isEmpty(maps.missing)) invalid.events_with_missing_fields = maps.missing;
  if (!isEmpty(maps.lengths)) invalid.events_with_invalid_id_lengths = maps.lengths;
  return { kind: 'invalid', body: invalid };
}
