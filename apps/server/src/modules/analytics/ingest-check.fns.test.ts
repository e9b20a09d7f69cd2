import { checkIngestBody, MAX_EVENTS_PER_REQUEST } from './ingest-check.fns.ts';

const projectOf = (key: string) => (key === 'good-key-123' ? 'site' : undefined);
const event = (fields: Record<string, unknown> = {}) => ({
  event_type: 'Page Viewed',
  device_id: 'device-1',
  ...fields,
});
const check = (events: unknown, extra: Record<string, unknown> = {}) =>
  checkIngestBody({ api_key: 'good-key-123', events, ...extra }, projectOf);

describe('checkIngestBody', () => {
  it('accepts a valid request and names its project', () => {
    const result = check([event(), event({ user_id: 'player-1', time: 1, session_id: -1 })]);
    expect(result).toMatchObject({ kind: 'accepted', project: 'site' });
  });

  it('names a missing api_key or events as missing_field, and an unknown key', () => {
    expect(checkIngestBody({ events: [] }, projectOf)).toEqual({
      kind: 'invalid',
      body: { code: 400, error: 'Request missing required field', missing_field: 'api_key' },
    });
    expect(checkIngestBody({ api_key: 'good-key-123' }, projectOf)).toMatchObject({
      body: { missing_field: 'events' },
    });
    expect(checkIngestBody({ api_key: 'nope-nope', events: [] }, projectOf)).toEqual({
      kind: 'invalid',
      body: { code: 400, error: 'Invalid API key: nope-nope' },
    });
    expect(checkIngestBody([1], projectOf)).toMatchObject({ kind: 'invalid' });
    // A key of a megabyte is not sent back whole.
    expect(checkIngestBody({ api_key: 'k'.repeat(1_000_000), events: [] }, projectOf)).toEqual({
      kind: 'invalid',
      body: { code: 400, error: `Invalid API key: ${'k'.repeat(64)}…` },
    });
  });

  it('refuses more than 2,000 events as too large', () => {
    const events = Array.from({ length: MAX_EVENTS_PER_REQUEST + 1 }, () => event());
    expect(check(events)).toMatchObject({ kind: 'too-large', body: { code: 413 } });
    expect(check(events.slice(1))).toMatchObject({ kind: 'accepted' });
  });

  it('lists each bad event by index under the field at fault', () => {
    const result = check([
      event(),
      { device_id: 'device-1' },
      event({ event_type: 7, time: 1.5 }),
      { event_type: 'x' },
      event({ device_id: 'abc' }),
      event({ user_id: 42, insert_id: '' }),
      'not an event',
      event({ event_properties: [1], session_id: '12' }),
    ]);
    expect(result).toEqual({
      kind: 'invalid',
      body: {
        code: 400,
        error: 'Request contains invalid events',
        events_with_missing_fields: { event_type: [1], user_id: [3], device_id: [3] },
        events_with_invalid_fields: {
          event_type: [2],
          time: [2],
          user_id: [5],
          insert_id: [5],
          event: [6],
          session_id: [7],
          event_properties: [7],
        },
        events_with_invalid_id_lengths: { device_id: [4] },
      },
    });
  });

  it('honours options.min_id_length, and the default 5 when it is not a positive integer', () => {
    const short = [event({ device_id: 'ab' })];
    expect(check(short, { options: { min_id_length: 2 } })).toMatchObject({ kind: 'accepted' });
    expect(check(short, { options: { min_id_length: 3 } })).toMatchObject({
      body: { events_with_invalid_id_lengths: { device_id: [0] } },
    });
    expect(check([event({ device_id: 'abcd' })], { options: { min_id_length: 0 } })).toMatchObject({
      body: { events_with_invalid_id_lengths: { device_id: [0] } },
    });
  });
});
