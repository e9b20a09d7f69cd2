import type { FastifyBaseLogger } from 'fastify';
import { appsFlyerEventAcceptedEventSchema } from '@coinfall/shared';
import type { OutboxHandler } from '../../platform/events/outbox-dispatcher.ts';
import type { OutboxEvent } from '../../platform/events/outbox.repo.ts';
import { MAX_ATTEMPTS, retryDelayMs } from './appsflyer.fns.ts';
import type { AppsFlyerProvider } from './appsflyer.provider.ts';
import type { AppsFlyerDeliveriesRepo } from './appsflyer.repo.ts';
import { createPolledSender } from '../../platform/polled-sender.ts';

/** Rows one round takes; a round runs again at once while it finds a full batch. */
const BATCH = 50;
/** A claimed row is not taken again before this (a post times out after 5 s). */
const LEASE_MS = 60_000;
/** How often each node looks for due rows (first attempts are nudged at once). */
const POLL_MS = 10_000;
const KEEP_DAYS = 30;

/**
 * The way app conversions reach AppsFlyer (decision 048), in two steps:
 *
 * - `handler`, an outbox handler of appsflyer.event.accepted: queues each event as an
 *   appsflyer_deliveries row (idempotent by event id). It only writes the database, so a slow or
 *   absent AppsFlyer never holds up the outbox and the balance pushes behind it.
 * - `deliverDue`, run at once after a queue and every POLL_MS on every node: claims due rows
 *   (skip-locked, leased), posts each through the provider, and marks it sent, due again after a
 *   backoff, or failed for good (a final refusal, or MAX_ATTEMPTS spent).
 */
export function createAppsFlyerSender(deps: {
  repo: AppsFlyerDeliveriesRepo;
  provider: AppsFlyerProvider;
  log: FastifyBaseLogger;
  now: () => Date;
}) {
  const { repo, provider, log, now } = deps;

  async function round(): Promise<number> {
    const at = now();
    const rows = await repo.claimDue(at, new Date(at.getTime() + LEASE_MS), BATCH);
    for (const row of rows) {
      const outcome = await provider.send({
        platform: row.platform,
        appsFlyerId: row.appsFlyerId,
        customerUserId: row.customerUserId,
        eventName: row.eventName,
        eventValue: row.eventValue,
        eventTime: row.eventTime,
      });
      if (outcome.ok) {
        await repo.markSent(row.id, now());
        continue;
      }
      const retry = outcome.retry && row.attempts < MAX_ATTEMPTS;
      const retryAt = retry ? new Date(now().getTime() + retryDelayMs(row.attempts)) : null;
      await repo.markFailed(row.id, outcome.error, retryAt);
      const fields = { deliveryId: row.id, attempts: row.attempts, error: outcome.error };
      if (retryAt) log.warn({ ...fields, retryAt }, 'AppsFlyer event not delivered; retrying');
      else log.error(fields, 'AppsFlyer event not delivered; given up');
    }
    return rows.length;
  }

  const loop = createPolledSender({
    round,
    fullRound: BATCH,
    pollMs: POLL_MS,
    onInterrupted: (err) =>
      log.warn({ err }, 'AppsFlyer delivery interrupted; the next poll retries'),
  });

  async function queue(events: OutboxEvent[]): Promise<void> {
    const rows = events.flatMap((event) => {
      if (event.type !== 'appsflyer.event.accepted') return [];
      const parsed = appsFlyerEventAcceptedEventSchema.safeParse(event.payload);
      // The dispatcher logged it as malformed already; there is nothing sound to send.
      if (!parsed.success) return [];
      const p = parsed.data;
      return [
        {
          eventId: event.id,
          platform: p.platform,
          appsFlyerId: p.appsFlyerId,
          customerUserId: p.customerUserId,
          eventName: p.eventName,
          eventValue: p.eventValue,
          eventTime: new Date(p.eventTime),
        },
      ];
    });
    if ((await repo.enqueue(rows)) > 0) void loop.deliverDue();
  }

  const handler: OutboxHandler = Object.assign((event: OutboxEvent) => queue([event]), {
    // A whole read in one insert (decision 044): same effect as one by one, idempotent by id.
    batch: async (events: OutboxEvent[]) => {
      await queue(events);
      return { handled: events.length };
    },
  });

  return {
    handler,
    ...loop,
    housekeeping: () => repo.pruneDone(new Date(now().getTime() - KEEP_DAYS * 86_400_000)),
  };
}
export type AppsFlyerSender = ReturnType<typeof createAppsFlyerSender>;
