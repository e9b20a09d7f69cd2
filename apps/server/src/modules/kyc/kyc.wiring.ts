import type { onRequestAsyncHookHandler } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { OutboxRecorder } from '../../platform/events/outbox.repo.ts';
import type { PlayerRepo } from '../player/player.repo.ts';
import { createKycSandboxProvider } from './kyc-sandbox.provider.ts';
import { createKycRepo } from './kyc.repo.ts';
import { kycRoutes } from './kyc.routes.ts';
import { createKycService, type KycService } from './kyc.service.ts';

/** Identity verification (KYC) through the sandbox provider; routes under /player. */
export function wireKyc(deps: {
  db: Database;
  players: Pick<PlayerRepo, 'lockPlayer' | 'findPlayerById' | 'markKycVerified'>;
  outbox: OutboxRecorder;
  requireAuth: onRequestAsyncHookHandler;
  now?: () => Date;
}) {
  const service = createKycService({
    repo: createKycRepo(deps.db),
    players: deps.players,
    provider: createKycSandboxProvider(),
    outbox: deps.outbox,
    now: deps.now,
  });
  return {
    routes: kycRoutes(service, deps.requireAuth),
    /** The back office's document decisions, applied like the provider's answers (decision 037). */
    recordStaffReview: (...args: Parameters<KycService['recordStaffReview']>) =>
      service.recordStaffReview(...args),
  };
}
