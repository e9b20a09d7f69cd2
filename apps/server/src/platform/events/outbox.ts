import type { DomainEventPayloads, DomainEventType } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { domainEvents } from '../../db/schema/index.ts';

/** One event as a service records it. */
export interface DomainEventInput<T extends DomainEventType> {
  type: T;
  /** The player the event concerns; null for public events (winners, activity board). */
  playerId: string | null;
  payload: DomainEventPayloads[T];
}

/**
 * Writes an event to the outbox (domain_events) inside the caller's transaction, so it exists
 * exactly when the change it describes commits. The dispatcher (outbox-dispatcher.ts) delivers
 * it after the commit, at its next poll (100 ms at most by default), at least once and in id order.
 */
export async function recordEvent<T extends DomainEventType>(
  tx: Database,
  event: DomainEventInput<T>,
): Promise<void> {
  await tx.insert(domainEvents).values({
    type: event.type,
    playerId: event.playerId,
    payload: event.payload,
  });
}
