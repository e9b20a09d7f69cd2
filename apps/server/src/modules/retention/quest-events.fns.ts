import { PurchaseStatus, type DomainEventPayloads } from '@coinfall/shared';
import { utcDay, type Occurrence } from './quest-progress.fns.ts';

/** The event types that move quests, and what each one tells the engine (null: nothing). */
export const occurrenceOf = {
  'game.round.settled': (p: DomainEventPayloads['game.round.settled']): Occurrence => ({
    kind: 'round',
    gameIdentity: p.gameId,
    collections: [],
    currency: p.currency,
    bet: p.bet,
    payout: p.payout,
  }),
  // A purchase announces every status change; only its completion counts.
  'bundle.purchase.updated': (p: DomainEventPayloads['bundle.purchase.updated']) =>
    p.purchase.status === PurchaseStatus.Completed ? ({ kind: 'purchase' } as const) : null,
  'kyc.player.updated': (p: DomainEventPayloads['kyc.player.updated']) =>
    p.kycVerified ? ({ kind: 'verified', what: 'identity' } as const) : null,
  'player.verified': (p: DomainEventPayloads['player.verified']): Occurrence => ({
    kind: 'verified',
    what: p.what,
  }),
  'player.signed-in': (p: DomainEventPayloads['player.signed-in']): Occurrence => ({
    kind: 'login',
    day: utcDay(new Date(p.at)),
  }),
  'player.profile.completed': (): Occurrence => ({ kind: 'profile-completed' }),
} satisfies { [T in keyof DomainEventPayloads]?: (p: DomainEventPayloads[T]) => Occurrence | null };
