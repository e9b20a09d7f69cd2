import type { FastifyBaseLogger } from 'fastify';
import {
  DELIVERY_MAX_ATTEMPTS,
  deliveryRetryDelayMs,
} from '../../platform/delivery-backoff.fns.ts';
import { chunkEvents, paceMs, type ForwardEvent } from './forward.fns.ts';
import type { AmplitudeForwardProvider } from './forward.provider.ts';
import type { ForwardBatchesRepo } from './forward.repo.ts';
import { createPolledSender } from '../../platform/polled-sender.ts';

/** Queued rows (ingest requests) one round takes; a round runs again at once while it finds a full one. */
const ROWS_PER_ROUND = 200;
/** A claimed row is not taken again before this (each post times out after 10 s). */
const LEASE_MS = 5 * 60_000;
/** How often each node looks for due rows. */
const POLL_MS = 5_000;
const KEEP_FAILED_DAYS = 30;

interface Item {
  rowId: number;
  event: ForwardEvent;
  bytes: number;
}
type Retry = { ok: false; error: string; notBeforeMs: number };
type Sent = { ok: true; dropped: number; error?: string } | Retry;

/**
 * The forwarding of accepted events to a real Amplitude project (decision 054). The ingest queues
 * each request's new events in analytics_forward_batches in the statement that stores them; this
 * sender, on every node, claims due rows (skip-locked, leased), posts their events in requests of
 * `batchSize` (and under 1 MB) at `eventsPerSecond`, and deletes a row once all its events were
 * taken — or refused for good by a 400 listing them. A 429, 408, 5xx or network error leaves the
 * rows due again after a backoff (a 429 at least 30 s); at least once, de-duplicated by Amplitude
 * on insert_id, which every queued event has.
 */
export function createForwardSender(deps: {
  repo: ForwardBatchesRepo;
  provider: AmplitudeForwardProvider;
  batchSize: number;
  eventsPerSecond: number;
  log: FastifyBaseLogger;
  now: () => Date;
  /** Waits between posts to keep the pace (tests give a pace that never waits). */
  wait?: (ms: number) => Promise<void>;
}) {
  const { repo, provider, log, now } = deps;
  const wait = deps.wait ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));

  /** Posts some events; halves a batch Amplitude finds too large, resends the rest of a 400. */
  async function post(items: Item[]): Promise<Sent> {
    const started = performance.now();
    const answer = await provider.post(items.map((i) => i.event));
    const rest = paceMs(items.length, deps.eventsPerSecond) - (performance.now() - started);
    if (rest > 0) await wait(rest);
    switch (answer.kind) {
      case 'ok':
        return { ok: true, dropped: 0 };
      case 'retry':
        return { ok: false, error: answer.error, notBeforeMs: answer.notBeforeMs };
      case 'too-large': {
        if (items.length === 1) return { ok: true, dropped: 1, error: 'Amplitude answered 413' };
        const half = Math.ceil(items.length / 2);
        const first = await post(items.slice(0, half));
        if (!first.ok) return first;
        const second = await post(items.slice(half));
        return second.ok ? { ok: true, dropped: first.dropped + second.dropped } : second;
      }
      case 'refused': {
        const refused = new Set(answer.indices);
        const kept = items.filter((_, i) => !refused.has(i));
        if (kept.length === 0) return { ok: true, dropped: items.length, error: answer.error };
        const resent = await post(kept);
        return resent.ok
          ? { ok: true, dropped: refused.size + resent.dropped, error: answer.error }
          : resent;
      }
    }
  }

  async function round(): Promise<number> {
    const at = now();
    const rows = await repo.claimDue(at, new Date(at.getTime() + LEASE_MS), ROWS_PER_ROUND);
    if (rows.length === 0) return 0;
    const items = rows.flatMap((row) =>
      row.events.map((event) => ({
        rowId: row.id,
        event,
        bytes: Buffer.byteLength(JSON.stringify(event)),
      })),
    );
    const failed = new Map<number, Retry>();
    let stopped: Retry | null = null;
    for (const chunk of chunkEvents(items, deps.batchSize)) {
      // Once Amplitude failed a post, the rest of the round waits with it: it is likely down.
      const sent: Sent = stopped ?? (await post(chunk));
      if (!sent.ok) {
        stopped = sent;
        for (const item of chunk) failed.set(item.rowId, sent);
      } else if (sent.dropped > 0) {
        log.warn(
          { dropped: sent.dropped, error: sent.error },
          'Amplitude refused some events for good',
        );
      }
    }
    await repo.remove(rows.filter((r) => !failed.has(r.id)).map((r) => r.id));
    for (const row of rows) {
      const sent = failed.get(row.id);
      if (!sent) continue;
      const retry = row.attempts < DELIVERY_MAX_ATTEMPTS;
      const delay = Math.max(deliveryRetryDelayMs(row.attempts), sent.notBeforeMs);
      const retryAt = retry ? new Date(now().getTime() + delay) : null;
      await repo.markFailed([row.id], sent.error, retryAt);
      const fields = {
        batchId: row.id,
        events: row.eventCount,
        attempts: row.attempts,
        error: sent.error,
      };
      if (retryAt) log.warn({ ...fields, retryAt }, 'Events not forwarded to Amplitude; retrying');
      else log.error(fields, 'Events not forwarded to Amplitude; given up');
    }
    return failed.size > 0 ? 0 : rows.length;
  }

  const loop = createPolledSender({
    round,
    fullRound: ROWS_PER_ROUND,
    pollMs: POLL_MS,
    onInterrupted: (err) =>
      log.warn({ err }, 'Amplitude forwarding interrupted; the next poll retries'),
  });

  return {
    ...loop,
    housekeeping: () => repo.pruneFailed(new Date(now().getTime() - KEEP_FAILED_DAYS * 86_400_000)),
  };
}
export type ForwardSender = ReturnType<typeof createForwardSender>;
