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
let g: TestGateway;
const clients: Centrifuge[] = [];

beforeAll(async () => {
  t = await createListeningApp();
  const rpc = createRpcRegistry();
  // Answers who the connection is, whatever the payload claims.
  rpc.register('whoami', async (claims, data) => ({ result: { playerId: claims.sub, data } }));
  rpc.register('refuse', async () => ({ error: REPLY_ERROR.limitExceeded }));
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

  it('refuses a guest connection (no token)', async () => {
    const client = await connectedClient();
    await expect(client.rpc('whoami', {})).rejects.toMatchObject({ code: 103 });
  });
});
