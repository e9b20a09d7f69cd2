import type { Centrifuge, PublicationContext } from 'centrifuge';
import type { FastifyInstance } from 'fastify';
import { playerChannel } from '@coinfall/shared';
import { buildApp } from '../../src/app.ts';
import { withoutWelcomeCoins } from '../bonus/bonus-fixtures.ts';
import {
  createListeningApp,
  registerPlayer,
  wsClient,
  type RealtimeTestApp,
} from './realtime-fixtures.ts';

const shared = Boolean(process.env.REDIS_URL && process.env.DATABASE_URL);

// Two nodes only share publications through Redis (and sessions through PostgreSQL); without
// both there is nothing multi-node to test.
describe.skipIf(!shared)('realtime across two nodes (PostgreSQL + Redis)', () => {
  let nodeA: RealtimeTestApp;
  let nodeB: FastifyInstance;
  let client: Centrifuge | undefined;

  beforeAll(async () => {
    nodeA = await createListeningApp();
    // The welcome coins' balance push could land after the subscription: the channel holds
    // exactly what the test publishes.
    await withoutWelcomeCoins(nodeA);
    nodeB = await buildApp({
      config: nodeA.config,
      database: nodeA.database,
      redis: nodeA.redis,
      site: null,
    });
    await nodeB.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    client?.disconnect();
    await nodeB.close();
    await nodeA.close();
  });

  it('delivers a publication made on node A to a client of node B', async () => {
    const player = await registerPlayer(nodeA);
    const address = nodeB.server.address() as { port: number };
    client = wsClient(
      { ...nodeA, wsUrl: nodeA.wsUrl.replace(/:\d+\//, `:${address.port}/`) },
      { token: player.accessToken },
    );
    const channel = playerChannel('wallet', player.playerId);
    const sub = client.newSubscription(channel);
    const received: PublicationContext[] = [];
    sub.on('publication', (ctx) => received.push(ctx));
    sub.subscribe();
    client.connect();
    await sub.ready(5000);
    await nodeA.broker.publish(channel, { balance: 42 });
    await vi.waitFor(() => expect(received.map((p): unknown => p.data)).toEqual([{ balance: 42 }]));
    expect(nodeB.realtimeBroker).not.toBe(nodeA.broker);
  });
});

if (!shared) {
  it.skip('realtime across two nodes needs DATABASE_URL and REDIS_URL', () => undefined);
}
