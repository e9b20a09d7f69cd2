/**
 * Child process of bench/realtime/run.ts: the baseline, a raw `ws` server whose broadcast is a
 * loop over its sockets sending one pre-encoded frame — the least any fan-out can do.
 */
import { WebSocketServer } from 'ws';
import { serveBenchCommands } from './ipc.ts';

const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
await new Promise<void>((resolve) => wss.once('listening', resolve));
const { port } = wss.address() as { port: number };

serveBenchCommands({
  port,
  publish: (data) => {
    const frame = JSON.stringify(data);
    for (const socket of wss.clients) socket.send(frame);
  },
  close: () => new Promise<void>((resolve) => wss.close(() => resolve())),
});
