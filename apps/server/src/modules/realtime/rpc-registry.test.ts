import { describe, expect, it } from 'vitest';
import type { ConnectionClaims } from './connection-auth.ts';
import { REPLY_ERROR } from './protocol.fns.ts';
import { createRpcRegistry } from './rpc-registry.ts';

const claims = { sub: 'player-1', sid: 's', ver: 1, exp: 0, scope: 'player' } as ConnectionClaims;

describe('the gateway RPC registry', () => {
  it('routes a method to its handler with the connection claims', async () => {
    const registry = createRpcRegistry();
    registry.register('echo', async (who, data) => ({ result: { who: who.sub, data } }));
    expect(await registry.call(claims, 'echo', { a: 1 })).toEqual({
      result: { who: 'player-1', data: { a: 1 } },
    });
  });

  it('answers not-available while no module offers a method, as a gateway without RPC would', async () => {
    const registry = createRpcRegistry();
    expect(await registry.call(claims, 'echo', {})).toEqual({ error: REPLY_ERROR.notAvailable });
    registry.register('echo', async () => ({ result: {} }));
    expect(await registry.call(claims, 'echo', {})).toEqual({ result: {} });
  });

  it('answers method-not-found for an unknown or malformed method', async () => {
    const registry = createRpcRegistry();
    registry.register('echo', async () => ({ result: {} }));
    expect(await registry.call(claims, 'nope', {})).toEqual({ error: REPLY_ERROR.methodNotFound });
    expect(await registry.call(claims, 42, {})).toEqual({ error: REPLY_ERROR.methodNotFound });
  });

  it('refuses a guest connection before the handler runs', async () => {
    const registry = createRpcRegistry();
    let ran = false;
    registry.register('echo', async () => {
      ran = true;
      return { result: {} };
    });
    expect(await registry.call(null, 'echo', {})).toEqual({
      error: REPLY_ERROR.permissionDenied,
    });
    expect(ran).toBe(false);
  });

  it('refuses registering a method twice', () => {
    const registry = createRpcRegistry();
    registry.register('echo', async () => ({ result: {} }));
    expect(() => registry.register('echo', async () => ({ result: {} }))).toThrow(/twice/);
  });
});
