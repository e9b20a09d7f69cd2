import { chunkEvents, forwardBody, MAX_REQUEST_BYTES, readForwardAnswer } from './forward.fns.ts';

describe('readForwardAnswer (Amplitude HTTP V2 answers)', () => {
  it('takes a 2xx', () => {
    expect(readForwardAnswer(200, { code: 200 }, 3)).toEqual({ kind: 'ok' });
  });

  it('drops only the events a 400 lists, once each, inside the batch', () => {
    const answer = readForwardAnswer(
      400,
      {
        code: 400,
        error: 'Invalid field values',
        events_with_invalid_fields: { time: [2, 0] },
        events_with_missing_fields: { event_type: [2] },
        silenced_events: [7],
      },
      4,
    );
    expect(answer).toMatchObject({ kind: 'refused', indices: [0, 2] });
  });

  it('drops the whole batch on a 400 that lists nothing, but keeps it for a wrong key', () => {
    expect(readForwardAnswer(400, { code: 400, missing_field: 'events' }, 2)).toMatchObject({
      kind: 'refused',
      indices: [0, 1],
    });
    expect(readForwardAnswer(400, { code: 400, error: 'Invalid API key: x' }, 2)).toMatchObject({
      kind: 'retry',
      notBeforeMs: 0,
    });
  });

  it('halves on 413, waits 30 s on 429, retries 5xx and anything unknown', () => {
    expect(readForwardAnswer(413, null, 2)).toEqual({ kind: 'too-large' });
    expect(readForwardAnswer(429, { code: 429 }, 2)).toMatchObject({
      kind: 'retry',
      notBeforeMs: 30_000,
    });
    for (const status of [408, 500, 503, 302]) {
      expect(readForwardAnswer(status, 'not json', 1)).toMatchObject({ kind: 'retry' });
    }
  });
});

describe('chunkEvents', () => {
  const items = (sizes: number[]) => sizes.map((bytes, i) => ({ i, bytes }));

  it('cuts at the batch size, in order', () => {
    const chunks = chunkEvents(items([1, 1, 1, 1, 1]), 2);
    expect(chunks.map((c) => c.map((x) => x.i))).toEqual([[0, 1], [2, 3], [4]]);
  });

  it('cuts before a request would reach 1 MB; an oversized event goes alone', () => {
    const half = Math.floor(MAX_REQUEST_BYTES / 2);
    const chunks = chunkEvents(items([half, half, 10, MAX_REQUEST_BYTES * 2, 10]), 100);
    expect(chunks.map((c) => c.map((x) => x.i))).toEqual([[0], [1, 2], [3], [4]]);
  });
});

describe('forwardBody', () => {
  it('lowers min_id_length only when the batch has a shorter id than Amplitude’s 5', () => {
    expect(forwardBody('k', [{ device_id: 'device-1' }])).toEqual({
      api_key: 'k',
      events: [{ device_id: 'device-1' }],
    });
    expect(forwardBody('k', [{ device_id: 'device-1', user_id: '42' }]).options).toEqual({
      min_id_length: 2,
    });
  });
});
