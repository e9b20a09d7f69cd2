import {
  DISCONNECT,
  REPLY_ERROR,
  decideChannel,
  decodeFrame,
  encodePublication,
  isStreamRecovered,
} from './protocol.fns.ts';

const PLAYER = '0b7f3c1e-2d4a-4e8b-9c6d-1a2b3c4d5e6f';

describe('decodeFrame', () => {
  it('splits a batch on newlines and keeps the order', () => {
    const frame = `{"id":1,"connect":{"token":"t"}}\n{"id":2,"subscribe":{"channel":"c","flag":1}}\n`;
    expect(decodeFrame(frame)).toEqual([
      { id: 1, method: 'connect', body: { token: 't' } },
      { id: 2, method: 'subscribe', body: { channel: 'c', flag: 1 } },
    ]);
  });

  it('reads {} as the pong and an id without a method as unknown', () => {
    expect(decodeFrame('{}')).toEqual([{ id: 0, method: 'pong' }]);
    expect(decodeFrame('{"id":4,"frobnicate":{}}')).toEqual([{ id: 4, method: 'unknown' }]);
  });

  it.each([
    ['not JSON', '{"id":1,'],
    ['an array', '[1,2]'],
    ['two methods', '{"id":1,"connect":{},"subscribe":{}}'],
    ['a negative id', '{"id":-1,"connect":{}}'],
    ['a body that is not an object', '{"id":1,"subscribe":"c"}'],
    ['nothing', '\n\n'],
    ['one bad line among good ones', '{"id":1,"connect":{}}\nnope'],
  ])('refuses %s', (_, frame) => {
    expect(decodeFrame(frame)).toBeNull();
  });
});

describe('encodePublication', () => {
  it('is one compact line with the channel and the offset', () => {
    const line = encodePublication('activity-board', { offset: 3, data: { a: [1, 2] } });
    expect(line).toBe(
      '{"push":{"channel":"activity-board","pub":{"data":{"a":[1,2]},"offset":3}}}',
    );
    expect(line).not.toContain('\n');
  });
});

describe('decideChannel', () => {
  it('lets anyone, guests included, subscribe to the public boards', () => {
    expect(decideChannel('activity-board', null)).toEqual({ allowed: true, kind: 'public' });
    expect(decideChannel('winners:mobile-DE', null)).toEqual({ allowed: true, kind: 'public' });
  });

  it('gives a player channel to that player only, compared exactly', () => {
    expect(decideChannel(`wallet:accounts#${PLAYER}`, PLAYER)).toEqual({
      allowed: true,
      kind: 'player',
    });
    const denied = { allowed: false, error: REPLY_ERROR.permissionDenied };
    expect(decideChannel(`wallet:accounts#${PLAYER}`, null)).toEqual(denied);
    expect(decideChannel(`wallet:accounts#${PLAYER.toUpperCase()}`, PLAYER)).toEqual(denied);
    expect(decideChannel(`wallet:accounts#${PLAYER},other`, PLAYER)).toEqual(denied);
    expect(decideChannel('wallet:accounts', PLAYER)).toEqual(denied);
  });

  it('answers an unknown channel with 102 and a malformed name with 107', () => {
    const unknown = { allowed: false, error: REPLY_ERROR.unknownChannel };
    expect(decideChannel(`casino:secrets#${PLAYER}`, PLAYER)).toEqual(unknown);
    expect(decideChannel('winners:tv-US', null)).toEqual(unknown);
    const bad = { allowed: false, error: REPLY_ERROR.badRequest };
    expect(decideChannel('activity-böard', null)).toEqual(bad);
    expect(decideChannel('x'.repeat(256), null)).toEqual(bad);
    expect(decideChannel('', null)).toEqual(bad);
  });
});

describe('isStreamRecovered', () => {
  const pubs = (...offsets: number[]) => offsets.map((offset) => ({ offset, data: null }));
  const at = (offset: number, epoch = 'e1') => ({ epoch, offset });

  it('recovers when nothing was missed', () => {
    expect(isStreamRecovered(at(4), at(4), [])).toBe(true);
  });
  it('recovers when every missed publication is still kept', () => {
    expect(isStreamRecovered(at(4), at(6), pubs(5, 6))).toBe(true);
  });
  it('does not recover across epochs, over a hole, or when the top is missing', () => {
    expect(isStreamRecovered(at(4, 'old'), at(4), [])).toBe(false);
    expect(isStreamRecovered(at(4), at(7), pubs(6, 7))).toBe(false);
    expect(isStreamRecovered(at(4), at(7), pubs(5, 6))).toBe(false);
    expect(isStreamRecovered(at(4), at(6), [])).toBe(false);
  });
});

describe('code tables', () => {
  it('keeps terminal disconnects in 3500–3999 and reconnecting ones below', () => {
    for (const d of [DISCONNECT.invalidToken, DISCONNECT.badRequest, DISCONNECT.stale]) {
      expect(d.code).toBeGreaterThanOrEqual(3500);
    }
    for (const d of [DISCONNECT.shutdown, DISCONNECT.expired, DISCONNECT.slow, DISCONNECT.noPong]) {
      expect(d.code).toBeLessThan(3500);
    }
  });
});
