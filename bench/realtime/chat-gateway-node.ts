/**
 * Child process of bench/realtime/support-chat.ts: the baseline, our gateway exactly as a node
 * wires it (wireRealtime: in-process broker with the channels' history policy, hub, WebSocket
 * transport) on a bare Fastify server with no database. A connection's token `bench.<playerId>`
 * stands for that player's session, so each socket may subscribe to its own support channel;
 * publications go straight to the broker — no HTTP call, no transaction, no outbox.
 *
 * The chat's floor (issue 18) on the same node: a token `staff.<id>` stands for a staff console,
 * and the socket offers `support.send` and `support.answer`, which validate with the API's
 * schemas, publish what the outbox's one event of a message publishes (event-channels.fns.ts: the
 * player's channel and the staff channel, numbered as the outbox numbers them) and answer the
 * message — every frame of a chat message, without its database, transaction or outbox. A
 * conversation's id is its player's id here.
 *
 * IPC: answers { kind: 'ready', port }; on { kind: 'publish', channels, perChannel } publishes
 * that many messages on each channel (round-robin) and answers { kind: 'done' }; { kind: 'close' }.
 */
import Fastify from 'fastify';
import {
  PlayerStatus,
  SUPPORT_ANSWER_RPC,
  SUPPORT_MESSAGE_EVENT,
  SUPPORT_PLAYER_EVENT,
  SUPPORT_SEND_RPC,
  supportAnswerRpcSchema,
  supportSendBodySchema,
  type SupportStaffMessage,
} from '@coinfall/shared';
import type { Config } from '../../apps/server/src/config.ts';
import { createLocalSessionChanges } from '../../apps/server/src/platform/sessions/session-changes.ts';
import { wireRealtime } from '../../apps/server/src/modules/realtime/realtime.wiring.ts';
import { publicationsOf } from '../../apps/server/src/modules/realtime/event-channels.fns.ts';
import { parseInput } from '../../apps/server/src/platform/input-validation.ts';

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
  passes: async (token) =>
    token.startsWith('staff.')
      ? {
          status: 'valid' as const,
          scope: 'staff' as const,
          claims: { sub: token.slice(6), sid: token.slice(6), ver: 1, iat: 0, exp: expiry() },
        }
      : null,
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

// The outbox numbers its events; the floor numbers its messages the same way, one sequence.
let lastId = 0;
/** A message published as the outbox's `support.message.sent` row of it is, and answered. */
function sent(playerId: string, author: 'player' | 'agent', text: string): SupportStaffMessage {
  lastId += 1;
  const message: SupportStaffMessage = {
    id: lastId,
    conversationId: playerId,
    author,
    authorName: author === 'agent' ? 'Bench' : null,
    text,
    createdAt: new Date().toISOString(),
    internal: false,
  };
  const event = {
    id: lastId,
    type: SUPPORT_MESSAGE_EVENT,
    playerId,
    payload: { playerId, message },
  };
  for (const { channel, data } of publicationsOf(event))
    void realtime.broker.publish(channel, data);
  return message;
}
realtime.rpc.register(SUPPORT_SEND_RPC, async (claims, data) => {
  const body = parseInput(supportSendBodySchema, data, 'data');
  // The player's answer has no `internal`, as the API's (SupportMessageResponse).
  const { internal: _, ...message } = sent(claims.sub, 'player', body.text);
  return { result: { message } };
});
realtime.rpc.register(SUPPORT_ANSWER_RPC, async (_claims, data) => {
  const { conversationId, text } = parseInput(supportAnswerRpcSchema, data, 'data');
  return { result: { message: sent(conversationId, 'agent', text) } };
});

await app.listen({ host: '127.0.0.1', port: 0 });
const { port } = app.server.address() as { port: number };

const send = (reply: ChatGatewayReply) => process.send?.(reply);
// In a process group of its own (the bench reads its CPU): leave with the bench, however it ends.
process.on('disconnect', () => process.exit(0));
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
