import { randomUUID } from 'node:crypto';
import { PLAYER_CHANNELS, type RealtimeMessage } from '@coinfall/shared';
import type { BrokerDelivery } from '../../src/modules/realtime/broker.ts';
import { createOutboxRepo } from '../../src/platform/events/outbox.repo.ts';
import { createTestApp, type TestApp } from '../test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const kycChannel = (playerId: string) => `${PLAYER_CHANNELS.kyc}#${playerId}`;

/** Everything the app's broker publishes on `channel` from now on. */
function listen(channel: string) {
  const seen: { at: number; offset: number; message: RealtimeMessage }[] = [];
  const off = t.app.eventDelivery.broker.onPublication((d: BrokerDelivery) => {
    if (d.channel === channel) {
      seen.push({
        at: performance.now(),
        offset: d.publication.offset,
        message: d.publication.data as RealtimeMessage,
      });
    }
  });
  onTestFinished(off);
  return seen;
}

async function recordKyc(playerId: string, n: number): Promise<void> {
  await t.database.db.transaction(async (tx) => {
    for (let i = 0; i < n; i += 1) {
      await createOutboxRepo(t.database.db).record(tx, {
        type: 'kyc.player.updated',
        playerId,
        payload: { playerId, kycVerified: i % 2 === 0, status: 'pending' },
      });
    }
  });
}

async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('outbox delivery to the realtime broker', () => {
  it('delivers events of a committed transaction in id order, with consecutive offsets', async () => {
    const playerId = randomUUID();
    const seen = listen(kycChannel(playerId));
    await recordKyc(playerId, 5);
    await until(() => seen.length === 5);
    const ids = seen.map((s) => s.message.id!);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(5);
    expect(seen.map((s) => s.offset)).toEqual([1, 2, 3, 4, 5]);
    expect(seen[0]!.message).toMatchObject({
      event: 'kyc.player.updated',
      data: { playerId, kycVerified: true },
    });
    await t.app.eventDelivery.dispatcher.idle();
    expect(await createOutboxRepo(t.database.db).countUndispatched()).toBe(0);
  });

  it('never delivers an event of a rolled-back transaction', async () => {
    const playerId = randomUUID();
    const seen = listen(kycChannel(playerId));
    await t.database.db
      .transaction(async (tx) => {
        await createOutboxRepo(t.database.db).record(tx, {
          type: 'kyc.player.updated',
          playerId,
          payload: { playerId, kycVerified: true, status: 'verified' },
        });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    // A committed event for the same player after it: once it is out, the other had its chance.
    await recordKyc(playerId, 1);
    await until(() => seen.length === 1);
    t.app.eventDelivery.dispatcher.wake();
    await t.app.eventDelivery.dispatcher.idle();
    expect(seen.map((s) => s.message.data)).toEqual([
      { playerId, kycVerified: true, status: 'pending' },
    ]);
  });

  it('delivers each commit within about one poll interval (100 ms), with no wake-up call', async () => {
    const playerId = randomUUID();
    const seen = listen(kycChannel(playerId));
    const delays: number[] = [];
    // Five in a row, each at a different point of the poll cycle: every one must be out within
    // the interval plus the read and the publication (slack for a busy machine).
    for (let i = 0; i < 5; i += 1) {
      const committed = performance.now();
      await recordKyc(playerId, 1);
      await until(() => seen.length === i + 1, 2000);
      delays.push(seen[i]!.at - committed);
    }
    expect(Math.max(...delays)).toBeLessThan(250);
  });

  it('redelivers after a handler failure, at least once and never out of order', async () => {
    const playerId = randomUUID();
    const seen = listen(kycChannel(playerId));
    let failures = 0;
    // Fails the second event of this player once; later handlers of other tests ignore it.
    let second: number | null = null;
    const calls: number[] = [];
    t.app.eventDelivery.dispatcher.on(async (event) => {
      if (event.playerId !== playerId) return;
      calls.push(event.id);
      if (second === null && calls.length === 2) second = event.id;
      if (event.id === second && failures === 0) {
        failures += 1;
        throw new Error('subscriber down');
      }
    });
    await recordKyc(playerId, 3);
    await until(() => calls.length >= 4);
    expect(failures).toBe(1);
    // The failing handler gets the failed event again, and the third only after it: in order.
    expect(calls).toEqual([calls[0], second, second, calls[3]]);
    expect(calls[3]).toBeGreaterThan(second!);
    // The realtime handler had the read before the failing one (handler after handler over a
    // read, decision 044): each publication once, in order; the retry does not publish again.
    await until(() => seen.length >= 3);
    expect(seen.map((s) => s.message.id)).toEqual([calls[0], second, calls[3]]);
    expect(seen.map((s) => s.offset)).toEqual([1, 2, 3]);
  });
});
