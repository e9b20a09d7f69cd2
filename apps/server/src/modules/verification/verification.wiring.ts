import type { OutboxRecorder } from '../../platform/events/outbox.repo.ts';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { SmsSender } from '../../platform/sms/index.ts';
import type { PlayerRepo } from '../player/player.repo.ts';
import { createOtpRepo } from './otp.repo.ts';
import { otpRoutes } from './otp.routes.ts';
import { createOtpService } from './otp.service.ts';

/**
 * Phone verification by one-time SMS code; routes under /player, and where a player's mail and
 * texts went (the sandbox mailbox shows a player those).
 */
export function wireVerification(deps: {
  db: Database;
  players: Pick<
    PlayerRepo,
    'lockPlayer' | 'findPlayerById' | 'confirmPhone' | 'phoneConfirmedElsewhere' | 'lockPhone'
  >;
  sms: SmsSender;
  outbox: OutboxRecorder;
  requireAuth: onRequestAsyncHookHandler;
  now?: () => Date;
}) {
  const service = createOtpService({
    repo: createOtpRepo(deps.db),
    players: deps.players,
    sms: deps.sms,
    outbox: deps.outbox,
    now: deps.now,
  });
  return {
    routes: otpRoutes(service, deps.requireAuth),
    recipientsOf: (playerId: string) => service.recipientsOf(playerId),
  };
}
