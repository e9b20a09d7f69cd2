import { describe, expect, it } from 'vitest';
import { fingerprintPath, shouldReportDevice, untilAborted } from './fingerprint.fns.ts';

const VISITOR = '0123456789abcdef0123456789abcdef';
const PLAYER = '7f1c2a4e-5b6d-4e8f-9a0b-1c2d3e4f5a6b';

describe('shouldReportDevice', () => {
  const base = { enabled: true, isAuthenticated: true, playerId: PLAYER, reportedFor: null };

  it('reports once per tab session for the signed-in player', () => {
    expect(shouldReportDevice(base)).toBe(true);
    expect(shouldReportDevice({ ...base, reportedFor: PLAYER })).toBe(false);
  });

  it('reports again when another player signs in on the tab', () => {
    expect(shouldReportDevice({ ...base, reportedFor: 'someone-else' })).toBe(true);
  });

  it('never reports with the content flag off or for a guest', () => {
    expect(shouldReportDevice({ ...base, enabled: false })).toBe(false);
    expect(shouldReportDevice({ ...base, isAuthenticated: false })).toBe(false);
  });
});

describe('fingerprintPath', () => {
  it('builds the spec’s call with visitorId, email and userId, encoded', () => {
    const path = fingerprintPath({ visitorId: VISITOR, email: 'a+b@example.com', userId: PLAYER });
    expect(path).toBe(`/api/fp?visitorId=${VISITOR}&email=a%2Bb%40example.com&userId=${PLAYER}`);
  });

  it('lowercases the id and sends nothing for an id FingerprintJS would not produce', () => {
    expect(
      fingerprintPath({ visitorId: VISITOR.toUpperCase(), email: 'a@b.co', userId: PLAYER }),
    ).toContain(`visitorId=${VISITOR}&`);
    expect(fingerprintPath({ visitorId: 'short', email: 'a@b.co', userId: PLAYER })).toBeNull();
  });
});

describe('untilAborted', () => {
  it('answers the work when it finishes first', async () => {
    await expect(untilAborted(Promise.resolve(3), new AbortController().signal)).resolves.toBe(3);
  });

  it('rejects with the deadline’s reason when the signal aborts first', async () => {
    const deadline = new AbortController();
    const never = new Promise<number>(() => undefined);
    const pending = untilAborted(never, deadline.signal);
    deadline.abort(new Error('took over 120000 ms'));
    await expect(pending).rejects.toThrow('took over 120000 ms');
    await expect(untilAborted(Promise.resolve(1), deadline.signal)).rejects.toThrow('120000');
  });
});
