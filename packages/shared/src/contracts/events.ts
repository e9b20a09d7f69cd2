import { z } from 'zod';
import { appsFlyerEventAcceptedEventSchema } from './appsflyer.ts';
import {
  playerBonusCodeUpdatedEventSchema,
  playerBonusUpdatedEventSchema,
  playerFreeSpinUpdatedEventSchema,
} from './bonus.ts';
import { retentionAccountUpdatedEventSchema } from './loyalty.ts';
import { invoiceUpdatedEventSchema } from './payment.ts';
import { questTasksUpdatedEventSchema, questUpdatedEventSchema } from './retention.ts';
import { bundlePurchaseUpdatedEventSchema } from './shop.ts';
import { KYC_STATUSES } from './verification.ts';
import {
  supportMessageSentEventSchema,
  supportPlayerPublicationSchema,
  supportStaffPublicationSchema,
} from './support.ts';

/**
 * Names of the domain events services record in the outbox (ARCHITECTURE §2 Events). The spec's
 * realtime events (§7 "Real-time") are here so the gateway and the writers share one list;
 * `quest.task.updated` is pushed from `quest.tasks.updated` (decision 073).
 */
export const DOMAIN_EVENT_TYPES = [
  'kyc.player.updated',
  'bundle.purchase.updated',
  'quest.tasks.updated',
  'quest.updated',
  'invoice.deposit.updated',
  'invoice.withdrawal.updated',
  'activity-board.updated',
  'wallet.balance.updated',
  'game.round.settled',
  'bonus.player-bonus.updated',
  'bonus.player-freespin.updated',
  'bonus.player-bonus-code.updated',
  'player.signed-in',
  'player.verified',
  'player.profile.completed',
  'retention.account.updated',
  'support.chat.updated',
  'support.console.updated',
  'support.message.sent',
  'appsflyer.event.accepted',
] as const;
export type DomainEventType = (typeof DOMAIN_EVENT_TYPES)[number];

/** kyc.player.updated: the player's identity check changed (realtime channel kyc:player#{id}). */
export const kycPlayerUpdatedEventSchema = z.object({
  playerId: z.uuid(),
  kycVerified: z.boolean(),
  status: z.enum(KYC_STATUSES),
});
export type KycPlayerUpdatedEvent = z.infer<typeof kycPlayerUpdatedEventSchema>;

/**
 * wallet.balance.updated: one ledger posting moved these player accounts (recorded by the ledger
 * itself, in the posting's statement, so no balance change goes unannounced). Balances are the
 * new ones, in minor units; one posting may touch several players (transfers), so the gateway
 * splits it per player.
 */
export const walletBalanceUpdatedEventSchema = z.object({
  transactionId: z.uuid(),
  accounts: z.array(
    z.object({
      accountId: z.uuid(),
      playerId: z.uuid(),
      currency: z.string(),
      balance: z.number().int(),
    }),
  ),
});
export type WalletBalanceUpdatedEvent = z.infer<typeof walletBalanceUpdatedEventSchema>;

/** The device types the winners boards are kept for (spec §7 "game winners by device type"). */
export const DEVICE_TYPES = ['desktop', 'mobile'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/**
 * game.round.settled: a game round settled (written by the game server in the round's
 * transaction). Feeds the activity board and the winners boards; quests and loyalty later.
 * Amounts in minor units of `currency`.
 */
export const gameRoundSettledEventSchema = z.object({
  roundId: z.string().min(1),
  playerId: z.uuid(),
  nickname: z.string(),
  gameId: z.string().min(1),
  gameName: z.string(),
  currency: z.string(),
  bet: z.number().int().nonnegative(),
  payout: z.number().int().nonnegative(),
  device: z.enum(DEVICE_TYPES),
  /** ISO 3166-1 alpha-2 of the player's session; null when unknown (boards use the default). */
  country: z.string().length(2).nullable(),
  settledAt: z.iso.datetime(),
});
export type GameRoundSettledEvent = z.infer<typeof gameRoundSettledEventSchema>;

/**
 * player.signed-in: a session opened (login of any kind, registration). Not pushed; quests count
 * the distinct UTC days of these (log in on N days), loyalty may too.
 */
export const playerSignedInEventSchema = z.object({
  playerId: z.uuid(),
  at: z.iso.datetime(),
});
export type PlayerSignedInEvent = z.infer<typeof playerSignedInEventSchema>;

/** player.verified: the player confirmed their email or phone (identity: kyc.player.updated). */
export const playerVerifiedEventSchema = z.object({
  playerId: z.uuid(),
  what: z.enum(['email', 'phone']),
});
export type PlayerVerifiedEvent = z.infer<typeof playerVerifiedEventSchema>;

/** player.profile.completed: a profile save left every profile field filled in. */
export const playerProfileCompletedEventSchema = z.object({ playerId: z.uuid() });
export type PlayerProfileCompletedEvent = z.infer<typeof playerProfileCompletedEventSchema>;

/** A type whose writer is not built yet: any JSON object, until its writer names its shape. */
const unwrittenEventSchema = z.record(z.string(), z.unknown());

/**
 * The payload schema of each event type: the outbox's writers are typed by it (through
 * `DomainEventPayloads`) and the dispatcher parses every row with it, so a writer cannot drift
 * from what the realtime clients read.
 */
export const DOMAIN_EVENT_SCHEMAS = {
  'kyc.player.updated': kycPlayerUpdatedEventSchema,
  'bundle.purchase.updated': bundlePurchaseUpdatedEventSchema,
  /** Published as one quest.task.updated per task (decision 073). */
  'quest.tasks.updated': questTasksUpdatedEventSchema,
  'quest.updated': questUpdatedEventSchema,
  'invoice.deposit.updated': invoiceUpdatedEventSchema,
  'invoice.withdrawal.updated': invoiceUpdatedEventSchema,
  'activity-board.updated': unwrittenEventSchema,
  'wallet.balance.updated': walletBalanceUpdatedEventSchema,
  'game.round.settled': gameRoundSettledEventSchema,
  'bonus.player-bonus.updated': playerBonusUpdatedEventSchema,
  'bonus.player-freespin.updated': playerFreeSpinUpdatedEventSchema,
  'bonus.player-bonus-code.updated': playerBonusCodeUpdatedEventSchema,
  'player.signed-in': playerSignedInEventSchema,
  'player.verified': playerVerifiedEventSchema,
  'player.profile.completed': playerProfileCompletedEventSchema,
  'retention.account.updated': retentionAccountUpdatedEventSchema,
  /** A publication for the player's support channel (decision 040), as the widget reads it. */
  'support.chat.updated': supportPlayerPublicationSchema,
  /** A publication for the staff support channel (decision 040), as the console reads it. */
  'support.console.updated': supportStaffPublicationSchema,
  /** A chat message, pushed to both of the above channels (decision 074). */
  'support.message.sent': supportMessageSentEventSchema,
  /** An app conversion to forward to AppsFlyer (decision 048). Not pushed. */
  'appsflyer.event.accepted': appsFlyerEventAcceptedEventSchema,
} as const satisfies Record<DomainEventType, z.ZodType<Record<string, unknown>>>;

/** The payload of each event type, inferred from its schema. */
export type DomainEventPayloads = {
  [T in DomainEventType]: z.infer<(typeof DOMAIN_EVENT_SCHEMAS)[T]>;
};
