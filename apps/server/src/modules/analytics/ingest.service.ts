import type { IngestError, IngestInvalid, IngestSuccess, IngestThrottled } from '@coinfall/shared';
import type { AnalyticsProjectKey } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { AnalyticsEventsRepo } from './analytics-events.repo.ts';
import { checkIngestBody, type CheckedEvent } from './ingest-check.fns.ts';
import { sendersOf, type Refusal, type ThrottleLimits } from './throttle.fns.ts';
import type { ThrottleStore } from './throttle.store.ts';

export type IngestAnswer =
  | { status: 200; body: IngestSuccess }
  | { status: 400; body: IngestInvalid }
  | { status: 413; body: IngestError }
  | { status: 429; body: IngestThrottled };

/** PostgreSQL's "no partition of relation … found for row" (check_violation). */
const NO_PARTITION = '23514';
/** PostgreSQL's class 22, data exception: a value it cannot store (22P02, 22P05, 22003…). */
const DATA_EXCEPTION_CLASS = '22';

function errorCode(err: unknown): string | undefined {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/** The 429 of Amplitude (§3.3): who is over which limit, and which events wait 30 s. */
function throttledAnswer(
  events: readonly CheckedEvent[],
  refusals: readonly Refusal[],
  epsThreshold: number,
): IngestAnswer {
  const body: IngestThrottled = {
    code: 429,
    error: 'Too many requests for some devices and users',
    eps_threshold: epsThreshold,
    throttled_devices: {},
    throttled_users: {},
    throttled_events: [],
    exceeded_daily_quota_devices: {},
    exceeded_daily_quota_users: {},
  };
  const slowDevices = new Set<string>();
  const slowUsers = new Set<string>();
  for (const { sender, eps, today } of refusals) {
    const device = sender.kind === 'device';
    if (eps !== null) {
      (device ? body.throttled_devices : body.throttled_users)[sender.id] = eps;
      (device ? slowDevices : slowUsers).add(sender.id);
    }
    if (today !== null) {
      (device ? body.exceeded_daily_quota_devices : body.exceeded_daily_quota_users)[sender.id] =
        today;
    }
  }
  events.forEach((event, i) => {
    if (
      (event.device_id && slowDevices.has(event.device_id)) ||
      (event.user_id && slowUsers.has(event.user_id))
    ) {
      body.throttled_events.push(i);
    }
  });
  return { status: 429, body };
}

// JSON may carry \u0000 in a string, which PostgreSQL's jsonb refuses: stored as U+FFFD instead.
const NUL_ESCAPE = /\\u0000/g;

/**
 * The ingest (Amplitude HTTP V2, shared/design/analytics-ingest.md): parse once, check, throttle,
 * then one statement that stores the batch, committed before the answer (docs/decisions/027):
 * an acknowledged event is durable, and a retry of an unanswered one is de-duplicated.
 */
export function createIngestService(deps: {
  db: Database;
  repo: Pick<AnalyticsEventsRepo, 'insertBatch'>;
  throttle: ThrottleStore;
  limits: ThrottleLimits;
  apiKeys: readonly AnalyticsProjectKey[];
  /** Creates today's partition when the housekeeping has not yet (a fresh database). */
  ensurePartitions: () => Promise<void>;
  /** Queue the accepted events for forwarding to Amplitude (decision 054). */
  forward: boolean;
  now: () => number;
}) {
  const projects = new Map(deps.apiKeys.map(({ key, project }) => [key, project]));
  const projectOf = (key: string) => projects.get(key);

  /**
   * Stores the batch; false when PostgreSQL refuses a value JSON.parse accepted (a data
   * exception: a lone surrogate escape, a number too large for jsonb), which is the sender's
   * bad input, not ours.
   */
  async function store(project: string, body: string, receivedAt: Date): Promise<boolean> {
    const values = {
      project,
      body: body.replace(NUL_ESCAPE, '\\ufffd'),
      receivedAt,
      forward: deps.forward,
    };
    try {
      try {
        await deps.repo.insertBatch(deps.db, values);
      } catch (err) {
        if (errorCode(err) !== NO_PARTITION) throw err;
        await deps.ensurePartitions();
        await deps.repo.insertBatch(deps.db, values);
      }
      return true;
    } catch (err) {
      if (errorCode(err)?.startsWith(DATA_EXCEPTION_CLASS)) return false;
      throw err;
    }
  }

  return {
    /** The answer to one request body (already decompressed), `code` equal to the status. */
    async ingest(text: string): Promise<IngestAnswer> {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return { status: 400, body: { code: 400, error: 'Invalid JSON body' } };
      }
      const checked = checkIngestBody(parsed, projectOf);
      if (checked.kind === 'invalid') return { status: 400, body: checked.body };
      if (checked.kind === 'too-large') return { status: 413, body: checked.body };
      const nowMs = deps.now();
      const refusals = await deps.throttle.admit(checked.project, sendersOf(checked.events), nowMs);
      if (refusals.length > 0) {
        return throttledAnswer(checked.events, refusals, deps.limits.epsThreshold);
      }
      if (checked.events.length > 0 && !(await store(checked.project, text, new Date(nowMs)))) {
        return { status: 400, body: { code: 400, error: 'Invalid JSON body' } };
      }
      return {
        status: 200,
        body: {
          code: 200,
          events_ingested: checked.events.length,
          payload_size_bytes: Buffer.byteLength(text),
          server_upload_time: nowMs,
        },
      };
    },
  };
}
export type IngestService = ReturnType<typeof createIngestService>;
