import type { Centrifuge } from 'centrifuge';
import type { FastifyInstance } from 'fastify';
import { SUPPORT_STAFF_CHANNEL, supportPlayerChannel } from '@coinfall/shared';
import { buildApp } from '../../src/app.ts';
import { register } from '../player/player-fixtures.ts';
import {
  createListeningApp,
  wsClient,
  type RealtimeTestApp,
} from '../realtime/realtime-fixtures.ts';
import { agent, listen, reply, sent, staffRealtimeToken, view } from './support-fixtures.ts';

const shared = Boolean(process.env.REDIS_URL && process.env.DATABASE_URL);

/**
 * The chat across two nodes (decision 040): the player writes on node A, the agent's console is
 * connected to node B and answers there; each side sees the other's message live.
 */
describe.skipIf(!shared)('support chat across two nodes (PostgreSQL + Redis)', () => {
  let nodeA: RealtimeTestApp;
  let nodeB: FastifyInstance;
  const clients: Centrifuge[] = [];

  beforeAll(async () => {
    nodeA = await createListeningApp();
    nodeB = await buildApp({
      config: nodeA.config,
      database: nodeA.database,
      redis: nodeA.redis,
      site: null,
    });
    await nodeB.listen({ port: 0, host: '127.0.0.1' });
    // Two apps on a fresh PostgreSQL database: migrating it takes a while on a busy machine.
  }, 180_000);
  afterAll(async () => {
    for (const client of clients) client.disconnect();
    await nodeB.close();
    await nodeA.close();
  });

  it('carries a player’s message from node A to the console on node B, and the reply back', async () => {
    const staff = await agent(nodeA, 'online', 'support', 'Nodeb');
    const player = await register(nodeA);
    const playerId = JSON.parse(
      Buffer.from(player.accessToken.split('.')[1]!, 'base64url').toString('utf8'),
    ) as { sub: string };
    const portB = (nodeB.server.address() as { port: number }).port;
    const onB = { wsUrl: nodeA.wsUrl.replace(/:\d+\//, `:${portB}/`) };

    const console_ = wsClient(onB, { token: await staffRealtimeToken({ app: nodeB }, staff) });
    clients.push(console_);
    const staffFeed = await listen(console_, SUPPORT_STAFF_CHANNEL);
    const playerSide = wsClient(nodeA, { token: player.accessToken });
    clients.push(playerSide);
    const playerFeed = await listen(playerSide, supportPlayerChannel(playerId.sub));

    const first = await sent(nodeA, player.accessToken, 'Written on node A');
    await vi.waitFor(
      () =>
        expect(staffFeed.received.map((m) => m.data)).toContainEqual({
          type: 'message',
          message: expect.objectContaining({ id: first.id, text: 'Written on node A' }) as unknown,
        }),
      { timeout: 5000 },
    );
    const conversationId = (await view(nodeA, player.accessToken)).conversation!.id;
    const answer = await reply({ app: nodeB }, staff, conversationId, 'Answered on node B');
    await vi.waitFor(
      () =>
        expect(playerFeed.received.map((m) => m.data)).toContainEqual({
          type: 'message',
          message: expect.objectContaining({ id: answer.id, authorName: 'Nodeb' }) as unknown,
        }),
      { timeout: 5000 },
    );
    expect(nodeB.realtimeBroker).not.toBe(nodeA.broker);
  });
});

if (!shared) {
  it.skip('the support chat across two nodes needs DATABASE_URL and REDIS_URL', () => undefined);
}
