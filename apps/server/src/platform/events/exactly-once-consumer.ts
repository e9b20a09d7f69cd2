import {
  DOMAIN_EVENT_SCHEMAS,
  type DomainEventPayloads,
  type DomainEventType,
} from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import type { ConsumedEventsRepo } from './consumed-events.repo.ts';
import type { BatchOutcome, DispatcherLogger, OutboxHandler } from './outbox-dispatcher.ts';
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
 * A consumer's set-based form (decision 044): applies a read's claimed events, in id order, in
 * one go inside the claims' transaction — the same effect as its `ConsumerHandlers` one event
 * after the other, with fewer statements. Gets only events of the types the handlers listen to.
 */
export type ConsumerBatchHandler = (
  tx: Database,
  events: ConsumedEvent<DomainEventType>[],
) => Promise<void>;

/** The event at `index` of an attempt failed with `error`. */
class EventFailed extends Error {
  constructor(
    readonly index: number,
    readonly error: unknown,
  ) {
    super('event failed');
  }
}

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
 *
 * The dispatcher hands it whole reads (`batch`, decision 044): one transaction per read, its
 * claims in one statement, the consumer's set-based form (`applyMany`) when it has one; the rules
 * above hold per event.
 */
export function createExactlyOnceConsumer(deps: {
  /** Stable across releases: it keys what was consumed. */
  name: string;
  /** Where the claims and effects are written: the background pool (decision 013). */
  db: Database;
  consumed: Pick<ConsumedEventsRepo, 'claim' | 'claimMany'>;
  handlers: ConsumerHandlers;
  /** The set-based form for a whole read, when the consumer has one. */
  applyMany?: ConsumerBatchHandler;
  /**
   * Whether an event of a listened type has any effect here, read from the event as written.
   * One that has none is neither claimed nor handled: applying nothing is exactly once already,
   * and a read of such events costs no transaction (decision 073). All of them by default.
   */
  acts?: (event: OutboxEvent) => boolean;
  log: Pick<DispatcherLogger, 'error'>;
}): OutboxHandler {
  const { name, db, consumed, handlers, log } = deps;
  const handlerOf = (type: string) =>
    handlers[type as DomainEventType] as
      ((tx: Database, event: ConsumedEvent<DomainEventType>) => Promise<void>) | undefined;
  const takes = (event: OutboxEvent) =>
    handlerOf(event.type) !== undefined && (deps.acts?.(event) ?? true);

  /** The event as the handlers get it; null (logged) when its payload does not parse. */
  function parse(raw: OutboxEvent): ConsumedEvent<DomainEventType> | null {
    const type = raw.type as DomainEventType;
    const parsed = DOMAIN_EVENT_SCHEMAS[type].safeParse(raw.payload);
    if (!parsed.success) {
      log.error(
        { consumer: name, eventId: raw.id, type, issues: parsed.error.issues },
        'event not applied: its payload does not match its schema',
      );
      return null;
    }
    return {
      id: raw.id,
      type,
      playerId: raw.playerId,
      payload: parsed.data,
      occurredAt: raw.occurredAt,
    };
  }

  const one = async (raw: OutboxEvent): Promise<void> => {
    const handle = handlerOf(raw.type);
    if (!handle || !takes(raw)) return;
    await db.transaction(async (tx) => {
      if (!(await consumed.claim(tx, name, raw.id))) return;
      const event = parse(raw);
      if (event) await handle(tx, event);
    });
  };

  /**
   * One transaction for `events` (all of listened types, ascending ids): claims them in one
   * statement, then applies those it claimed — set-based, or one after the other, where a failure
   * names its event (EventFailed) so the caller can commit the ones before it.
   */
  async function attempt(events: OutboxEvent[], oneByOne: boolean): Promise<void> {
    await db.transaction(async (tx) => {
      const claimed = await consumed.claimMany(
        tx,
        name,
        events.map((e) => e.id),
      );
      const todo: { index: number; event: ConsumedEvent<DomainEventType> }[] = [];
      events.forEach((raw, index) => {
        if (!claimed.has(raw.id)) return;
        const event = parse(raw);
        if (event) todo.push({ index, event });
      });
      if (!oneByOne && deps.applyMany) {
        await deps.applyMany(
          tx,
          todo.map((t) => t.event),
        );
        return;
      }
      for (const { index, event } of todo) {
        try {
          await handlerOf(event.type)!(tx, event);
        } catch (error) {
          throw new EventFailed(index, error);
        }
      }
    });
  }

  /**
   * A read at once (decision 044): one transaction, one claim statement, the set-based form if
   * any. If it fails, the read is applied again one event after the other to find the event that
   * fails; the events before it commit together, it and the rest are left to the dispatcher's
   * retry — never applied twice (the claims roll back with their effects), never out of order.
   */
  const batch = async (events: OutboxEvent[]): Promise<BatchOutcome> => {
    const mine = events.filter(takes);
    if (mine.length === 0) return { handled: events.length };
    let prefix = mine.length;
    let oneByOne = !deps.applyMany;
    let error: unknown;
    while (prefix > 0) {
      try {
        await attempt(mine.slice(0, prefix), oneByOne);
        break;
      } catch (err) {
        if (!oneByOne) {
          log.error(
            { consumer: name, err, events: prefix },
            'set-based form failed; applying the read event by event',
          );
          oneByOne = true;
          continue;
        }
        error = err instanceof EventFailed ? err.error : err;
        prefix = err instanceof EventFailed ? err.index : 0;
      }
    }
    if (prefix === mine.length) return { handled: events.length };
    return { handled: events.indexOf(mine[prefix]!), error };
  };

  return Object.assign(one, { batch });
}
