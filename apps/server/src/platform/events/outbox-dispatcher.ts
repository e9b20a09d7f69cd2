import { DOMAIN_EVENT_SCHEMAS, type DomainEventType } from '@coinfall/shared';
import { AppError } from '../errors.ts';
import type { Leadership } from './outbox-leadership.ts';
import type { OutboxEvent, OutboxRepo } from './outbox.repo.ts';

/**
 * What a batch handler answers: how many of the events it was given, from the first, it handled.
 * Fewer than all means the event at that index failed with `error` (the ones after it were not
 * handled, or may be handled again: at least once).
 */
export interface BatchOutcome {
  handled: number;
  error?: unknown;
}

/**
 * Receives every event once or more (at least once): it must be idempotent. `batch`, when the
 * handler has it, takes a whole read in id order at once (one transaction, one pipeline) instead
 * of one call per event; it must give each event the same effect the per-event call would, in
 * the same order, and say where it stopped if it did.
 */
export interface OutboxHandler {
  (event: OutboxEvent): Promise<void>;
  batch?: (events: OutboxEvent[]) => Promise<BatchOutcome>;
}

/** A handler's batch form: its own, or its per-event call event after event (`oneByOne`). */
export function batchOf(handler: OutboxHandler): (events: OutboxEvent[]) => Promise<BatchOutcome> {
  return handler.batch ?? oneByOne(handler);
}

/** A read handed to a per-event call one event after the other, until one fails. */
export function oneByOne(
  handle: (event: OutboxEvent) => Promise<void>,
): (events: OutboxEvent[]) => Promise<BatchOutcome> {
  return async (events) => {
    for (let i = 0; i < events.length; i += 1) {
      try {
        await handle(events[i]!);
      } catch (error) {
        return { handled: i, error };
      }
    }
    return { handled: events.length };
  };
}

export interface DispatcherLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface DispatcherOptions {
  repo: Pick<OutboxRepo, 'listUndispatched' | 'markDispatched' | 'pruneDispatched'>;
  leadership: Leadership;
  log: DispatcherLogger;
  batchSize?: number;
  /**
   * How often an idle leader looks for new events (one probe of the partial index on undispatched
   * rows). It bounds the delivery latency; a non-empty read is followed by another at once.
   */
  pollMs?: number;
  /** First retry delay after a handler failed; doubles per attempt up to maxRetryMs. */
  retryMs?: number;
  maxRetryMs?: number;
  /** Attempts at one event before it is skipped (see deliverBatch). */
  maxAttempts?: number;
  /**
   * Retry delay cap while a handler's dependency is unavailable (a SERVICE_UNAVAILABLE error:
   * Redis down). Those failures are not the event's fault: they back off up to this and never
   * count towards maxAttempts, so an outage delays delivery but skips nothing.
   */
  maxUnavailableRetryMs?: number;
  /** Dispatched events are kept this long, then pruned. */
  retentionMs?: number;
  housekeepingMs?: number;
  /** Leader-only periodic jobs besides the outbox prune (e.g. the live boards' prune). */
  housekeeping?: (() => Promise<void>)[];
  now?: () => number;
}

export interface OutboxDispatcher {
  on(handler: OutboxHandler): void;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Reads the outbox now rather than at the next poll (tests, in-process nudges). */
  wake(): void;
  /** Resolves once no delivery and no housekeeping run is in flight (tests). */
  idle(): Promise<void>;
  isLeader(): boolean;
  /** Events read whose payload did not parse with its type's schema (or of no known type). */
  malformedCount(): number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

const isUnavailable = (err: unknown) =>
  err instanceof AppError && err.code === 'SERVICE_UNAVAILABLE';
const PRUNE_BATCH = 5000;
/**
 * Events per read (decision 044): each handler works once per read, so a read should hold many
 * rounds' events; the consumers' transactions lock the read's players until they commit, so not
 * too many.
 */
export const DEFAULT_BATCH_SIZE = 500;

/**
 * Delivers the outbox (ARCHITECTURE §2 Events, decision 013): undispatched rows in id order, in
 * batches, handler after handler, each over the whole batch in id order (decision 044), so
 * whatever a handler publishes per channel keeps the outbox order. A batch is marked dispatched
 * once its events went through every handler; a crash before that redelivers them (at least
 * once).
 *
 * Work is found by polling, not by NOTIFY: pg_notify serialises the commits of every transaction
 * that sends one (decision 013), and every player posting writes an event. The leader reads every
 * `pollMs` while the outbox is empty, and again at once after any read that found rows, so a
 * burst goes out batch after batch and an idle outbox costs ~1000/pollMs index probes a second.
 * Followers do not poll; they start when they take the lead.
 *
 * A failing handler stops the batch at that event: the events before it are marked, the rest is
 * retried with exponential backoff — never skipped past, since a later event on the same channel
 * must not overtake it. A poison event (one that fails `maxAttempts` times in a row) would block
 * every channel forever, so it is then logged at error level with its id and marked dispatched
 * unhandled: losing one event loudly beats stopping all delivery. Attempts are counted in memory,
 * so a new leader gives a poison event a fresh set of tries.
 *
 * A handler that fails because something it needs is down for a while (SERVICE_UNAVAILABLE,
 * decision 021) is retried the same way, but the attempt is not counted: no outage, however long,
 * turns an event into a poison one. Its backoff stops growing at `maxUnavailableRetryMs`, so
 * delivery resumes within that much of the dependency coming back.
 *
 * Each event's payload is parsed with its type's shared schema before delivery. One that does
 * not parse is logged at error level (id, type, issues) and counted, then delivered as written,
 * not parked: the handlers already check what they read (and a failing one takes the poison
 * path), so delivering keeps every channel in order and what players see unchanged, while
 * parking would silence a balance update over a schema nit. The check is a tripwire for a writer
 * that drifted, which the outbox-writers test is meant to catch before it ships.
 */
export function createOutboxDispatcher(options: DispatcherOptions): OutboxDispatcher {
  const { repo, leadership, log } = options;
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const pollMs = options.pollMs ?? 100;
  const retryMs = options.retryMs ?? 500;
  const maxRetryMs = options.maxRetryMs ?? 30_000;
  const maxAttempts = options.maxAttempts ?? 8;
  const maxUnavailableRetryMs = options.maxUnavailableRetryMs ?? 500;
  const retentionMs = options.retentionMs ?? 7 * DAY_MS;
  const housekeepingMs = options.housekeepingMs ?? 60 * 60 * 1000;
  const now = options.now ?? Date.now;

  const handlers: OutboxHandler[] = [];
  const attempts = new Map<number, number>();
  /** Events read again after a failure: how many handlers (in order) already took each. */
  const taken = new Map<number, number>();
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = true;
  /** While a failed event backs off, wake-ups (poll, wake()) wait for the retry timer. */
  let retryAt = 0;
  let retryTimer: NodeJS.Timeout | null = null;
  /** The next idle read; set only between rounds, so there is at most one. */
  let pollTimer: NodeJS.Timeout | null = null;
  /** Rounds in a row that could not read or mark the outbox (database down). */
  let readFailures = 0;
  let housekeepingTimer: NodeJS.Timeout | null = null;
  let housekeepingRun: Promise<void> = Promise.resolve();
  let malformed = 0;
  /** Failures in a row of handlers whose dependency was unavailable (not counted per event). */
  let unavailableFailures = 0;

  /** The ids of the last read: their payloads were checked (a retry reads them again). */
  let checked = new Set<number>();

  /** Logs and counts an event whose payload its schema refuses (once, not at every retry). */
  function checkPayload(event: OutboxEvent): void {
    const schema = DOMAIN_EVENT_SCHEMAS[event.type as DomainEventType] as
      (typeof DOMAIN_EVENT_SCHEMAS)[DomainEventType] | undefined;
    const parsed = schema?.safeParse(event.payload);
    if (parsed?.success) return;
    malformed += 1;
    log.error(
      {
        eventId: event.id,
        type: event.type,
        issues: parsed ? parsed.error.issues : [{ message: 'unknown event type' }],
      },
      'MALFORMED OUTBOX EVENT: its payload does not match its schema; delivered as written',
    );
  }

  /**
   * Delivers one read; returns how many rows it read (0: the outbox is drained, -1: it stopped
   * short). Handler after handler, each over the whole read in id order (its batch form): so
   * each handler sees the outbox order, and a consumer or a publisher works once per read rather
   * than once per event. A handler that stops at an event limits the handlers after it to the
   * events before that one; those are marked, the failed event and the rest are read again.
   * Which handlers already took an event is kept in memory (`taken`) while it is retried, so a
   * retry does not hand the events after a failure to the handlers that had them again.
   */
  async function deliverBatch(): Promise<number> {
    const events = await repo.listUndispatched(batchSize);
    if (events.length === 0) return 0;
    // A retry reads the failed event and those after it again: each is checked once.
    const previous = checked;
    checked = new Set(events.map((e) => e.id));
    for (const event of events) if (!previous.has(event.id)) checkPayload(event);
    let limit = events.length;
    let failure: unknown = null;
    for (let h = 0; h < handlers.length && limit > 0; h += 1) {
      // Nothing is marked: a new leader delivers the whole read again (at least once).
      if (stopped || !leadership.isLeader()) return -1;
      const todo = events.slice(0, limit).filter((e) => (taken.get(e.id) ?? 0) <= h);
      if (todo.length === 0) continue;
      // A batch handler that throws failed at its first event.
      const outcome = await batchOf(handlers[h]!)(todo).catch((error: unknown): BatchOutcome => ({
        handled: 0,
        error,
      }));
      for (const event of todo.slice(0, outcome.handled)) taken.set(event.id, h + 1);
      if (outcome.handled < todo.length) {
        limit = events.indexOf(todo[outcome.handled]!);
        failure = outcome.error;
      }
    }
    const done = events.slice(0, limit).map((e) => e.id);
    const release = (ids: number[]) => {
      for (const id of ids) {
        attempts.delete(id);
        taken.delete(id);
      }
    };
    if (limit > 0 && unavailableFailures > 0) {
      log.info({ retries: unavailableFailures }, 'outbox delivery resumed');
      unavailableFailures = 0;
    }
    if (limit === events.length) {
      await repo.markDispatched(done);
      release(done);
      return events.length;
    }
    const event = events[limit]!;
    if (isUnavailable(failure)) {
      unavailableFailures += 1;
      await repo.markDispatched(done);
      release(done);
      waitForDependency(event, failure);
      return -1;
    }
    const tries = (attempts.get(event.id) ?? 0) + 1;
    if (tries < maxAttempts) {
      attempts.set(event.id, tries);
      await repo.markDispatched(done);
      release(done);
      backOff(tries, event, failure);
      return -1;
    }
    log.error(
      { err: failure, eventId: event.id, type: event.type, attempts: tries },
      'POISON OUTBOX EVENT SKIPPED: its handlers failed every attempt; it is marked dispatched undelivered',
    );
    done.push(event.id);
    await repo.markDispatched(done);
    release(done);
    // The events after it are read again at once.
    return done.length;
  }

  function backOff(tries: number, event: OutboxEvent, err: unknown): void {
    const delay = Math.min(maxRetryMs, retryMs * 2 ** (tries - 1));
    log.warn(
      { err, eventId: event.id, type: event.type, attempt: tries, retryInMs: delay },
      'outbox handler failed; retrying from this event',
    );
    retryIn(delay);
  }

  function waitForDependency(event: OutboxEvent, err: unknown): void {
    const delay = Math.min(maxUnavailableRetryMs, retryMs * 2 ** (unavailableFailures - 1));
    // Said once per outage, not at every retry.
    if (unavailableFailures === 1) {
      log.warn(
        { err, eventId: event.id, type: event.type },
        'outbox delivery waits: a handler dependency is unavailable; retrying until it is back',
      );
    }
    retryIn(delay);
  }

  function retryIn(delay: number): void {
    retryAt = now() + delay;
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = setTimeout(() => {
      retryTimer = null;
      retryAt = 0;
      wake();
    }, delay);
    retryTimer.unref();
  }

  async function drain(): Promise<void> {
    while (!stopped && leadership.isLeader()) {
      const read = await deliverBatch();
      // Rows found: read again at once, even after a short batch — events committed while it was
      // delivered are then out without waiting a poll. An empty or failed read ends the round.
      if (read <= 0) return;
    }
  }

  /** The next round, after `delay`, unless one is already due another way. */
  function schedulePoll(delay: number): void {
    if (stopped || !leadership.isLeader() || pollTimer) return;
    pollTimer = setTimeout(() => {
      pollTimer = null;
      wake();
    }, delay);
    // Never what keeps the process alive; stop() clears it anyway.
    pollTimer.unref();
  }

  function wake(): void {
    if (stopped || !leadership.isLeader() || now() < retryAt) return;
    if (running) {
      // Events committed while a batch was read: look again right after it.
      again = true;
      return;
    }
    if (pollTimer) clearTimeout(pollTimer);
    pollTimer = null;
    running = drain()
      .then(
        () => {
          readFailures = 0;
        },
        (err: unknown) => {
          // The outbox itself could not be read or marked (database down): the next poll
          // retries. Its delay grows like a failing event's, so a long outage is not a warning
          // (and a failed query) every pollMs.
          readFailures += 1;
          log.warn({ err, failures: readFailures }, 'outbox delivery interrupted');
        },
      )
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          wake();
          return;
        }
        // A failing event's retry timer wakes the dispatcher; polling before it would not help.
        if (retryTimer) return;
        schedulePoll(
          readFailures === 0
            ? pollMs
            : Math.max(pollMs, Math.min(maxRetryMs, retryMs * 2 ** (readFailures - 1))),
        );
      });
  }

  async function houseKeep(): Promise<void> {
    if (stopped || !leadership.isLeader()) return;
    try {
      const cutoff = new Date(now() - retentionMs);
      let pruned = 0;
      for (;;) {
        const n = await repo.pruneDispatched(cutoff, PRUNE_BATCH);
        pruned += n;
        if (n < PRUNE_BATCH || stopped) break;
      }
      if (pruned > 0) log.info({ pruned }, 'old dispatched events pruned');
      for (const job of options.housekeeping ?? []) await job();
    } catch (err) {
      log.warn({ err }, 'outbox housekeeping failed; next run retries');
    }
  }

  return {
    on(handler) {
      handlers.push(handler);
    },
    async start() {
      if (!stopped) return;
      stopped = false;
      await leadership.start({
        onLead: () => {
          wake();
          housekeepingRun = houseKeep();
        },
        onLose: () => {
          attempts.clear();
          taken.clear();
          // A follower does not poll; the round in flight ends at its next isLeader() check.
          if (pollTimer) clearTimeout(pollTimer);
          pollTimer = null;
        },
      });
      housekeepingTimer = setInterval(() => {
        housekeepingRun = houseKeep();
      }, housekeepingMs);
      housekeepingTimer.unref();
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      for (const t of [pollTimer, housekeepingTimer, retryTimer]) if (t) clearTimeout(t);
      pollTimer = housekeepingTimer = retryTimer = null;
      // In-flight work ends at its next check of `stopped`; wait so nothing touches a closed pool.
      await running;
      await housekeepingRun;
      await leadership.stop();
    },
    wake,
    async idle() {
      // The leader's first housekeeping runs at election, beside the test that just started: a
      // job of it (the Sweeps Coins expiry's mail, say) must not land after the test looked.
      await housekeepingRun;
      while (running) await running;
    },
    isLeader: () => leadership.isLeader(),
    malformedCount: () => malformed,
  };
}
