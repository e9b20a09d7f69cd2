/**
 * Child process of bench/realtime/support-chat.ts: the baseline, our gateway exactly as a node
 * wires it (wireRealtime: in-process broker with the channels' history policy, hub, WebSocket
 * transport) on a bare Fastify server with no database. A connection's token `bench.<playerId>`
 * stands for that player's session, so each socket may subscribe to its own support channel;
 * publications go straight to the broker — no HTTP call, no transaction, no outbox.
 *
 * IPC: answers { kind: 'ready', port }; on { kind: 'publish', channels, perChannel } publishes
 * that many messages on each channel (round-robin) and answers { kind: 'done' }; { kind: 'close' }.
 */
import Fastify from 'fastify';
import { PlayerStatus, SUPPORT_PLAYER_EVENT } from '@coinfall/shared';
import type { Config } from '../../apps/server/src/config.ts';
import { createLocalSessionChanges } from '../../apps/server/src/platform/sessions/session-changes.ts';
import { wireRealtime } from '../../apps/server/src/modules/realtime/realtime.wiring.ts';

export type ChatGatewayCommand =
  { kind: 'publish'; channels: string[]; perChannel: number } | { kind: 'close' };
export type ChatGatewayReply = { kind: 'ready'; port: number } | { kind: 'done' };

// An hour: the connection arms a timer for the expiry, which must fit in 32 bits of ms.
const expiry = () => Math.floor(Date.now() / 1000) + 3600;
const app = Fastify({ logger: { level: 'warn' } });
const realtime = await wireRealtime({
  app,
  config: { realtimeAllowedOrigins: [], realtimePingSeconds: 25 } as unknown as Config,
  redis: null,
  tokens: {
    inspect: async (token) =>
      token.startsWith('bench.')
        ? {
            status: 'valid' as const,
            claims: { sub: token.slice(6), sid: token.slice(6), ver: 1, iat: 0, exp: expiry() },
          }
        : { status: 'invalid' as const },
  },
  findSession: async (sessionId) => ({
    playerId: sessionId,
    endedAt: null,
    lastSeenAt: new Date(),
    playerStatus: PlayerStatus.Active,
    tokenVersion: 1,
  }),
  sessionChanges: createLocalSessionChanges(),
  logger: app.log,
});
await app.listen({ host: '127.0.0.1', port: 0 });
const { port } = app.server.address() as { port: number };

const send = (reply: ChatGatewayReply) => process.send?.(reply);
process.on('message', (command: ChatGatewayCommand) => {
  void (async () => {
    if (command.kind === 'close') {
      await app.close();
      process.exit(0);
    }
    for (let seq = 1; seq <= command.perChannel; seq += 1) {
      for (const channel of command.channels) {
        // Shaped and sized like the outbox's support publication of a message.
        void realtime.broker.publish(channel, {
          event: SUPPORT_PLAYER_EVENT,
          data: {
            type: 'message',
            message: {
              id: seq,
              conversationId: channel,
              author: 'agent',
              authorName: 'Bench',
              text: `plain ${seq}`,
              createdAt: new Date().toISOString(),
            },
          },
        });
      }
    }
    send({ kind: 'done' });
  })();
});
send({ kind: 'ready', port });
