import { randomUUID } from 'node:crypto';
import {
  roleMay,
  supportAnswerRpcSchema,
  supportSendBodySchema,
  type SupportMessageResponse,
  type SupportStaffMessageResponse,
} from '@coinfall/shared';
import { AppError } from '../../platform/errors.ts';
import { parseInput } from '../../platform/input-validation.ts';
import { REPLY_ERROR } from '../realtime/protocol.fns.ts';
import type { ConnectionClaims, StaffStanding } from '../realtime/connection-auth.ts';
import type { RpcHandler } from '../realtime/rpc-registry.ts';
import { rpcRefusal } from '../realtime/rpc-errors.fns.ts';
import type { StaffActor } from '../backoffice/staff-auth.service.ts';
import type { SupportConsoleService } from './support-console.service.ts';
import type { SupportService } from './support.service.ts';

/**
 * `support.send` on the realtime gateway (decision 071): what POST /api/support/messages does,
 * on the socket the widget holds. The writer is the connection's verified token: a player's
 * session (the gateway drops the connection when that session ends or the player is blocked) or
 * a blocked player's support pass, never a staff token. The same batch, checks and rate limit
 * as the API's, so either path is a retry of the other under one clientMessageId.
 */
export function supportSendRpc(support: Pick<SupportService, 'send'>): RpcHandler {
  return refusingAppErrors(async (claims, data) => {
    if (claims.scope === 'staff') return { error: REPLY_ERROR.permissionDenied };
    const body = parseInput(supportSendBodySchema, data, 'data');
    const result: SupportMessageResponse = {
      message: await support.send(claims.sub, body, 'data'),
    };
    return { result };
  });
}

/**
 * `support.answer` on the realtime gateway (decision 071): what POST /api/admin/support/
 * conversations/:id/messages does, on the console's staff socket. The staff realtime token names
 * its staff session; that session is checked on every call as the route's guard checks it (live,
 * not idle, account enabled: 401 otherwise), and its role must hold `support.chat` (403).
 */
export function supportAnswerRpc(
  console_: Pick<SupportConsoleService, 'reply'>,
  staffActorOf: StaffActorOf,
): RpcHandler {
  return refusingAppErrors(async (claims: ConnectionClaims, data) => {
    if (claims.scope !== 'staff') return { error: REPLY_ERROR.permissionDenied };
    const actor = await staffActorOf(claims.sub, claims.sid, `rpc-${randomUUID()}`);
    if (!roleMay(actor.role, 'support.chat')) {
      throw new AppError('FORBIDDEN', `The ${actor.role} role may not do this (support.chat)`);
    }
    const { conversationId, ...body } = parseInput(supportAnswerRpcSchema, data, 'data');
    const result: SupportStaffMessageResponse = {
      message: await console_.reply(actor, conversationId, body, 'data'),
    };
    return { result };
  });
}

type StaffActorOf = (staffId: string, sessionId: string, requestId: string) => Promise<StaffActor>;

/**
 * Whether a staff realtime connection stands (decision 074): its staff session checked as the
 * back office's guard checks it (live, not idle, account enabled), its role still holding
 * `support.chat`. The gateway asks at connect and after a change naming the session or its owner,
 * so signing out, a disable, a two-factor reset or a demotion closes the console's feed at once.
 */
export function staffSocketStanding(staffActorOf: StaffActorOf): StaffStanding {
  return async (claims) => {
    try {
      const actor = await staffActorOf(claims.sub, claims.sid, `realtime-${randomUUID()}`);
      return roleMay(actor.role, 'support.chat') ? 'live' : 'ended';
    } catch (error) {
      if (error instanceof AppError && error.code === 'STAFF_UNAUTHENTICATED') return 'ended';
      throw error;
    }
  };
}

/** An application's refusal answered as the API would answer it (rpcRefusal); the rest thrown. */
function refusingAppErrors(handler: RpcHandler): RpcHandler {
  return async (claims, data) => {
    try {
      return await handler(claims, data);
    } catch (error) {
      if (error instanceof AppError) return { error: rpcRefusal(error) };
      throw error;
    }
  };
}
