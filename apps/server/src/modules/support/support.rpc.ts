import { supportSendBodySchema, type SupportMessageResponse } from '@coinfall/shared';
import { AppError } from '../../platform/errors.ts';
import { parseInput } from '../../platform/input-validation.ts';
import { REPLY_ERROR } from '../realtime/protocol.fns.ts';
import type { RpcHandler } from '../realtime/rpc-registry.ts';
import { rpcRefusal } from '../realtime/rpc-errors.fns.ts';
import type { SupportService } from './support.service.ts';

/**
 * `support.send` on the realtime gateway (decision 071): what POST /api/support/messages does,
 * on the socket the widget holds. The writer is the connection's verified token: a player's
 * session (the gateway drops the connection when that session ends or the player is blocked) or
 * a blocked player's support pass, never a staff token. The same batch, checks and rate limit
 * as the API's, so either path is a retry of the other under one clientMessageId.
 */
export function supportSendRpc(support: Pick<SupportService, 'send'>): RpcHandler {
  return async (claims, data) => {
    if (claims.scope === 'staff') return { error: REPLY_ERROR.permissionDenied };
    try {
      const body = parseInput(supportSendBodySchema, data, 'data');
      const result: SupportMessageResponse = {
        message: await support.send(claims.sub, body, 'data'),
      };
      return { result };
    } catch (error) {
      if (error instanceof AppError) return { error: rpcRefusal(error) };
      throw error;
    }
  };
}
