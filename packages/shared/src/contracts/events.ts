import { z } from 'zod';
import { KYC_STATUSES } from './verification.ts';

/**
 * Names of the domain events services record in the outbox (ARCHITECTURE §2 Events). The spec's
 * realtime events (§7 "Real-time") are here so the gateway and the writers share one list.
 */
export const DOMAIN_EVENT_TYPES = [
  'kyc.player.updated',
  'bundle.purchase.updated',
  'quest.task.updated',
  'quest.updated',
  'invoice.deposit.updated',
  'invoice.withdrawal.updated',
  'activity-board.updated',
] as const;
export type DomainEventType = (typeof DOMAIN_EVENT_TYPES)[number];

/** kyc.player.updated: the player's identity check changed (realtime channel kyc:player#{id}). */
export const kycPlayerUpdatedEventSchema = z.object({
  playerId: z.uuid(),
  kycVerified: z.boolean(),
  status: z.enum(KYC_STATUSES),
});
export type KycPlayerUpdatedEvent = z.infer<typeof kycPlayerUpdatedEventSchema>;

/** The payload of each event type; types whose writer is not built yet take any JSON object. */
export interface DomainEventPayloads extends Record<DomainEventType, Record<string, unknown>> {
  'kyc.player.updated': KycPlayerUpdatedEvent;
}
