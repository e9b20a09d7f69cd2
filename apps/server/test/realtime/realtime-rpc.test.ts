import type { Centrifuge } from 'centrifuge';
import { REPLY_ERROR } from '../../src/modules/realtime/protocol.fns.ts';
import { createRpcRegistry } from '../../src/modules/realtime/rpc-registry.ts';
import {
  createListeningApp,
  createTestGateway,
  next,
  registerPlayer,
  wsClient,
  type RealtimeTestApp,
  type TestGateway,
} from './realtime-fixtures.ts';

let t: RealtimeTestApp;
const meeting = { waiting: 0, letGo: () => undefined as void, all: Promise.resolve() };
function newMeeting() {
  meeting.waiting = 0;
  meeting.all = new Promise<void>((resolve) => (meeting.letGo = resolve));
}
let g: TestGateway;
const clients: Centrifuge[] = [];

beforeAll(async () => {
  t = await createListeningApp();
  const rpc = createRpcRegistry();
  // Answers who the connection is, whatever the payload claims.
  rpc.register('whoami', async (claims, data) => ({ result: { playerId: claims.sub, data } }));
  rpc.register('refuse', async () => ({ error: REPLY_ERROR.limitExceeded }));
  // Answers once as many calls are waiting as it was asked for (data.of), or when let go.
  rpc.register('meet', async (_claims, data) => {
    meeting.waiting += 1;
    if (meeting.waiting >= (data as { of: number }).of) meeting.letGo();
    await meeting.all;
    return { result: { met: meeting.waiting } };
  });
  g = await createTestGateway(t, { pingMs: 60_000 }, { rpc });
});
afterEach(() => {
  for (const client of clients.splice(0)) client.disconnect();
});
afterAll(async () => {
  await g.close();
  await t.close();
});

async function connectedClient(token?: string): Promise<Centrifuge> {
  const client = wsClient({ wsUrl: g.wsUrl }, token ? { token } : {});
  clients.push(client);
  const connected = next(client, 'connected');
  client.connect();
  await connected;
  return client;
}

describe('RPC on the realtime gateway', () => {
  it("gives the handler the connection's player, never the payload's", async () => {
    const player = await registerPlayer(t);
    const client = await connectedClient(player.accessToken);
    const answer = await client.rpc('whoami', { playerId: 'someone-else' });
    expect(answer.data).toEqual({
      playerId: player.playerId,
      data: { playerId: 'someone-else' },
    });
  });

  it("passes on a handler's error code", async () => {
    const player = await registerPlayer(t);
    const client = await connectedClient(player.accessToken);
    await expect(client.rpc('refuse', {})).rejects.toMatchObject({ code: 106 });
  });

  it('answers method-not-found for a method nobody registered', async () => {
    const player = await registerPlayer(t);
    const client = await connectedClient(player.accessToken);
    await expect(client.rpc('nope', {})).rejects.toMatchObject({ code: 104 });
  });

  it("answers one connection's calls side by side, not one after another", async () => {
    const player = await registerPlayer(t);
    const client = await connectedClient(player.accessToken);
    newMeeting();
    // The first call answers only once the second arrived: in turn, it would wait forever.
    const answers = await Promise.all([
      client.rpc('meet', { of: 2 }),
      client.rpc('meet', { of: 2 }),
    ]);
    expect(answers.map((a): unknown => a.data)).toEqual([{ met: 2 }, { met: 2 }]);
  });

  it('refuses a call past 64 of one connection in flight (106), and keeps the connection', async () => {
    const player = await registerPlayer(t);
    const client = await connectedClient(player.accessToken);
    newMeeting();
    const calls = Array.from({ length: 65 }, () =>
      client.rpc('meet', { of: 1000 }).then(
        () => 'answered',
        (e: { code: number }) => e.code,
      ),
    );
    // Polled, not slept: 65 calls on a loaded machine (a parallel suite) take a while to land.
    await vi.waitFor(() => expect(meeting.waiting).toBe(64), { timeout: 15_000 });
    meeting.letGo();
    const outcomes = await Promise.all(calls);
    expect(outcomes.filter((o) => o === 'answered')).toHaveLength(64);
    expect(outcomes.filter((o) => o === 106)).toHaveLength(1);
    newMeeting();
    expect((await client.rpc('meet', { of: 1 })).data).toEqual({ met: 1 });
  });

  it('refuses a guest connection (no token)', async () => {
    const client = await connectedClient();
    await expect(client.rpc('whoami', {})).rejects.toMatchObject({ code: 103 });
  });
});
