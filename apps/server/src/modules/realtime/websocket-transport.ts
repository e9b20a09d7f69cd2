import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { REALTIME_PATHS } from '@coinfall/shared';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Gateway } from './gateway.ts';
import { MAX_INBOUND_BYTES, isOriginAllowed } from './transport.fns.ts';

/** Only the Protobuf client asks for this subprotocol; we speak JSON. */
const PROTOBUF_SUBPROTOCOL = 'centrifuge-protobuf';
const JSON_SUBPROTOCOL = 'centrifuge-json';

function refuseUpgrade(socket: Duplex, status: string) {
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

function serve(gateway: Gateway, socket: WebSocket, onError: (err: unknown) => void) {
  const connection = gateway.open({
    emulated: false,
    write: (message) => socket.send(message),
    bufferedBytes: () => socket.bufferedAmount,
    close: (disconnect) =>
      disconnect ? socket.close(disconnect.code, disconnect.reason) : socket.close(),
  });
  socket.on('message', (data, isBinary) => {
    // The JSON protocol uses text frames only; binary is the Protobuf flavour.
    if (isBinary) return socket.close(3501, 'bad request');
    const frame = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
    connection.receive(frame.toString('utf8'));
  });
  socket.on('close', () => connection.transportClosed());
  // ws closes the socket itself after an error (1009 for an oversized message, 1002…).
  socket.on('error', onError);
}

/**
 * WebSocket transport at REALTIME_PATHS.websocket on the Fastify server's upgrade event:
 * 64 KiB per inbound message (above → 1009, terminal for the client), allowed origins only.
 */
export function attachWebSocketTransport(options: {
  server: Server;
  gateway: Gateway;
  allowedOrigins: readonly string[];
  onError: (err: unknown) => void;
}): { close(): void } {
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_INBOUND_BYTES,
    perMessageDeflate: false,
    handleProtocols: (protocols) => (protocols.has(JSON_SUBPROTOCOL) ? JSON_SUBPROTOCOL : false),
  });

  function onUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
    const path = (request.url ?? '').split('?')[0];
    if (path !== REALTIME_PATHS.websocket) {
      // Nobody else upgrades on this server: an unknown path is refused, not left hanging.
      if (options.server.listenerCount('upgrade') === 1) refuseUpgrade(socket, '404 Not Found');
      return;
    }
    if (!isOriginAllowed(request.headers.origin, request.headers.host, options.allowedOrigins)) {
      return refuseUpgrade(socket, '403 Forbidden');
    }
    const asked = (request.headers['sec-websocket-protocol'] ?? '').split(',').map((p) => p.trim());
    if (asked.includes(PROTOBUF_SUBPROTOCOL) && !asked.includes(JSON_SUBPROTOCOL)) {
      return refuseUpgrade(socket, '400 Bad Request');
    }
    wss.handleUpgrade(request, socket, head, (ws) => serve(options.gateway, ws, options.onError));
  }

  options.server.on('upgrade', onUpgrade);
  return {
    close() {
      options.server.off('upgrade', onUpgrade);
      // Sockets still open after the gateway said goodbye are cut.
      for (const client of wss.clients) client.terminate();
      wss.close();
    },
  };
}
