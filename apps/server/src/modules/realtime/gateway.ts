import type { SessionChange, SessionChanges } from '../../platform/sessions/session-changes.ts';
import type { Broker } from './broker.ts';
import {
  createClientConnection,
  type ClientConnection,
  type ConnectionSettings,
  type ConnectionTransport,
} from './client-connection.ts';
import type { ConnectionAuth } from './connection-auth.ts';
import { createHub } from './hub.ts';
import { DISCONNECT } from './protocol.fns.ts';
import type { RpcRegistry } from './rpc-registry.ts';

export interface Gateway {
  /** A new client on any transport; the transport feeds it frames and tells it when it closes. */
  open(transport: ConnectionTransport): ClientConnection;
  /** The connection of an emulation session on this node (HTTP-streaming, SSE). */
  findSession(sessionId: string): ClientConnection | undefined;
  connectionCount(): number;
  /** Shutdown: every client is told to reconnect (3001), to another node. */
  close(): void;
}

/** Every connection of this node, and the session changes that may end some of them. */
export function createGateway(deps: {
  broker: Broker;
  auth: ConnectionAuth;
  /** The modules' RPC methods (decision 067). */
  rpc?: Pick<RpcRegistry, 'call'>;
  sessionChanges: Pick<SessionChanges, 'subscribe'>;
  settings: ConnectionSettings;
  onError: (err: unknown) => void;
}): Gateway {
  const hub = createHub(deps.broker, deps.onError);
  const connections = new Map<string, ClientConnection>();

  function concerns(connection: ClientConnection, change: SessionChange): boolean {
    const claims = connection.claims();
    if (!claims) return false;
    // A staff realtime token's subject is a staff member, a player's token's a player.
    const owners = claims.scope === 'staff' ? change.staffIds : change.playerIds;
    return (
      (change.sessionIds?.includes(claims.sid) ?? false) || (owners?.includes(claims.sub) ?? false)
    );
  }

  function recheck(connection: ClientConnection): Promise<void> {
    return connection.recheckSession().catch((err: unknown) => {
      deps.onError(err);
      // Unsure whether the session still stands: reconnecting makes the client prove it.
      connection.disconnect(DISCONNECT.internal);
    });
  }

  // The bus calls its listeners one after the other: the re-checks start once every one of them
  // has had the change, so no cache (the staff guard's subscribes after the gateway) answers
  // with the copy the change made stale.
  const stopListening = deps.sessionChanges.subscribe((change) => {
    queueMicrotask(() => recheckConcerned(change));
  });

  function recheckConcerned(change: SessionChange): void {
    if (change.delivery === 'restored') {
      // Sessions may have ended elsewhere unheard while the bus was down (decision 021): every
      // authenticated connection proves its session again, one after the other.
      void (async () => {
        for (const connection of [...connections.values()]) {
          if (connection.claims()) await recheck(connection);
        }
      })();
      return;
    }
    for (const connection of connections.values()) {
      if (concerns(connection, change)) void recheck(connection);
    }
  }

  // Every open transport, connected or not: a stream whose connect command is still on its way
  // (or still being authenticated) must end at shutdown too, or the server waits for it.
  const opened = new Set<ClientConnection>();
  let closed = false;

  return {
    open(transport) {
      const connection = createClientConnection(transport, {
        hub,
        broker: deps.broker,
        auth: deps.auth,
        rpc: deps.rpc,
        settings: deps.settings,
        onConnected: (connected) => {
          if (closed) connected.disconnect(DISCONNECT.shutdown);
          else connections.set(connected.id, connected);
        },
        onClosed: (gone) => {
          opened.delete(gone);
          connections.delete(gone.id);
        },
        onError: deps.onError,
      });
      opened.add(connection);
      if (closed) connection.disconnect(DISCONNECT.shutdown);
      return connection;
    },
    findSession: (sessionId) => connections.get(sessionId),
    connectionCount: () => connections.size,
    close() {
      closed = true;
      stopListening();
      for (const connection of [...opened]) connection.disconnect(DISCONNECT.shutdown);
      hub.close();
    },
  };
}
