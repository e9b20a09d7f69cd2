/**
 * Child process of bench/realtime/run.ts: our gateway exactly as a node runs it (wireRealtime:
 * in-process broker, hub, WebSocket transport), on a bare Fastify server with no database —
 * the bench connects guests to the public activity board, so no session is ever looked up.
 * Speaks to the parent over IPC (see ./ipc.ts).
 */
import Fastify from 'fastify';
import type { Config } from '../../apps/server/src/config.ts';
import { createLocalSessionChanges } from '../../apps/server/src/platform/sessions/session-changes.ts';
import { wireRealtime } from '../../apps/server/src/modules/realtime/realtime.wiring.ts';
import { serveBenchCommands } from './ipc.ts';

const app = Fastify({ logger: { level: 'warn' } });
const realtime = await wireRealtime({
  app,
  config: { realtimeAllowedOrigins: [], realtimePingSeconds: 25 } as unknown as Config,
  redis: null,
  tokens: {
    inspect: async () => ({ status: 'invalid' as const }),
  },
  findSession: async () => undefined,
  sessionChanges: createLocalSessionChanges(),
  logger: app.log,
});
await app.listen({ host: '127.0.0.1', port: 0 });
const { port } = app.server.address() as { port: number };

serveBenchCommands({
  port,
  // One publication: the broker stamps the offset, the hub encodes once and writes to each socket.
  publish: (data) => void realtime.broker.publish('activity-board', data),
  close: () => app.close(),
});
