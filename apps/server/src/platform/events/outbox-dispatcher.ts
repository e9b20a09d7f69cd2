import { DOMAIN_EVENT_SCHEMAS, type DomainEventType } from '@coinfall/shared';
import { AppError } from '../errors.ts';
import type { Leadership } from './outbox-leadership.ts';
import type { OutboxEvent, OutboxRepo } from './outbox.repo.ts';

/** Receives every event once or more (at least once): it must be idempotent. */
export type OutboxHandler = (event: OutboxEvent) => Promise<void>;

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
  /** Resolves once nothing is running (tests). */
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
 * Delivers the outbox (ARCHITECTURE §2 Events, decision 013): undispatched rows in id order, in
 * batches, each event to every handler in turn before the next event, so whatever a handler
 * publishes per channel keeps the outbox order. A batch is marked dispatched once its events went
 * through every handler; a crash before that redelivers them (at least once).
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
  const batchSize = options.batchSize ?? 100;
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

  /** Logs and counts an event whose payload its schema refuses (once, not at every retry). */
  function checkPayload(event: OutboxEvent): void {
    if (attempts.has(event.id)) return;
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

  /** Delivers one batch; returns how many rows it read (0: the outbox is drained). */
  async function deliverBatch(): Promise<number> {
    const events = await repo.listUndispatched(batchSize);
    const done: number[] = [];
    for (const event of events) {
      if (stopped || !leadership.isLeader()) break;
      checkPayload(event);
      try {
        for (const handler of handlers) await handler(event);
        attempts.delete(event.id);
        if (unavailableFailures > 0) {
          log.info({ retries: unavailableFailures }, 'outbox delivery resumed');
          unavailableFailures = 0;
        }
        done.push(event.id);
      } catch (err) {
        if (isUnavailable(err)) {
          unavailableFailures += 1;
          await repo.markDispatched(done);
          waitForDependency(event, err);
          return -1;
        }
        const tries = (attempts.get(event.id) ?? 0) + 1;
        if (tries < maxAttempts) {
          attempts.set(event.id, tries);
          await repo.markDispatched(done);
          backOff(tries, event, err);
          return -1;
        }
        attempts.delete(event.id);
        log.error(
          { err, eventId: event.id, type: event.type, attempts: tries },
          'POISON OUTBOX EVENT SKIPPED: its handlers failed every attempt; it is marked dispatched undelivered',
        );
        done.push(event.id);
      }
    }
    await repo.markDispatched(done);
    return done.length === events.length ? events.length : -1;
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
      while (running) await running;
    },
    isLeader: () => leadership.isLeader(),
    malformedCount: () => malformed,
  };
}
