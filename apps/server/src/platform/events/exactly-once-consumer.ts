import {
  DOMAIN_EVENT_SCHEMAS,
  type DomainEventPayloads,
  type DomainEventType,
} from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import type { ConsumedEventsRepo } from './consumed-events.repo.ts';
import type { DispatcherLogger, OutboxHandler } from './outbox-dispatcher.ts';
import type { OutboxEvent } from './outbox.repo.ts';

/** An outbox event as a consumer receives it: its payload parsed with its type's schema. */
export interface ConsumedEvent<T extends DomainEventType> {
  id: number;
  type: T;
  playerId: string | null;
  payload: DomainEventPayloads[T];
  occurredAt: Date;
}

/** What a consumer does with each event type it listens to, inside the claim's transaction. */
export type ConsumerHandlers = {
  [T in DomainEventType]?: (tx: Database, event: ConsumedEvent<T>) => Promise<void>;
};

/**
 * Turns the dispatcher's at-least-once, in-order delivery into exactly-once effects for one
 * consumer (decision 028). Each event of a listened type runs in one transaction that first claims
 * `(event id, consumer)` in consumed_events, then applies the handler: the claim and the effect
 * commit together or not at all.
 *
 * - Redelivery (a crash before the batch was marked, a retry after a later handler failed): the
 *   claim finds the row and the handler does not run.
 * - Two nodes (a leader that lost its lock still finishing a batch while the new one starts):
 *   the second claim waits for the first transaction; it skips if that committed, applies if it
 *   rolled back.
 * - Order: each node walks the outbox in id order and a claim returns only once the event is
 *   applied (by it or the other node), so event N's effect has committed before N+1's starts.
 * - A failing handler rolls the claim back with its effect and throws: the dispatcher retries the
 *   event (and, after its attempts, skips it loudly as a poison event).
 *
 * A payload that does not parse is not applied (its effect would be guesswork): logged at error
 * level and claimed, so it is not looked at again. The dispatcher logged it too (malformedCount).
 *
 * Effects that others must hear of are recorded through the outbox in the same transaction, so
 * they too happen once.
 */
export function createExactlyOnceConsumer(deps: {
  /** Stable across releases: it keys what was consumed. */
  name: string;
  /** Where the claims and effects are written: the background pool (decision 013). */
  db: Database;
  consumed: Pick<ConsumedEventsRepo, 'claim'>;
  handlers: ConsumerHandlers;
  log: Pick<DispatcherLogger, 'error'>;
}): OutboxHandler {
  const { name, db, consumed, handlers, log } = deps;
  return async (raw: OutboxEvent) => {
    const type = raw.type as DomainEventType;
    const handle = handlers[type] as
      ((tx: Database, event: ConsumedEvent<DomainEventType>) => Promise<void>) | undefined;
    if (!handle) return;
    await db.transaction(async (tx) => {
      if (!(await consumed.claim(tx, name, raw.id))) return;
      const parsed = DOMAIN_EVENT_SCHEMAS[type].safeParse(raw.payload);
      if (!parsed.success) {
        log.error(
          { consumer: name, eventId: raw.id, type, issues: parsed.error.issues },
          'event not applied: its payload does not match its schema',
        );
        return;
      }
      await handle(tx, {
        id: raw.id,
        type,
        playerId: raw.playerId,
        payload: parsed.data,
        occurredAt: raw.occurredAt,
      });
    });
  };
}
