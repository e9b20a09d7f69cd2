import type { ConnectionClaims } from './connection-auth.ts';
import { REPLY_ERROR, type ProtocolError } from './protocol.fns.ts';

/** What an RPC handler answers: a result for the client, or one of the protocol's errors. */
export type RpcAnswer = { result: unknown } | { error: ProtocolError };

/**
 * A method a module offers on the socket. `claims` are the connection's verified token's (never
 * the payload's): the handler decides which scopes it serves.
 */
export type RpcHandler = (claims: ConnectionClaims, data: unknown) => Promise<RpcAnswer>;

export interface RpcRegistry {
  register(method: string, handler: RpcHandler): void;
  /** Routes one `rpc` command; `claims` null (a guest) is refused before any handler runs. */
  call(claims: ConnectionClaims | null, method: unknown, data: unknown): Promise<RpcAnswer>;
}

/** The gateway's RPC methods by name (decision 067); modules register theirs when wired. */
export function createRpcRegistry(): RpcRegistry {
  const handlers = new Map<string, RpcHandler>();
  return {
    register(method, handler) {
      if (handlers.has(method)) throw new Error(`RPC method ${method} is registered twice`);
      handlers.set(method, handler);
    },
    async call(claims, method, data) {
      // No module offers a method: RPC is off, and the client hears 108 as from a Centrifugo
      // with no RPC handler configured; 104 is for a method the gateway does not offer.
      if (handlers.size === 0) return { error: REPLY_ERROR.notAvailable };
      const handler = typeof method === 'string' ? handlers.get(method) : undefined;
      if (!handler) return { error: REPLY_ERROR.methodNotFound };
      if (!claims) return { error: REPLY_ERROR.permissionDenied };
      return handler(claims, data);
    },
  };
}
