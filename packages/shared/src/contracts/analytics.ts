import { z } from 'zod';

/**
 * The analytics ingest speaks Amplitude's HTTP V2 API (shared/design/analytics-ingest.md): the
 * SDK reads these bodies, `code` included, to decide what it drops, retries or delays. Index
 * lists are positions in the request's `events` array.
 */
const indexMapSchema = z.record(z.string(), z.array(z.number().int().nonnegative()));
const idCountSchema = z.record(z.string(), z.number());

export const ingestSuccessSchema = z.object({
  code: z.literal(200),
  events_ingested: z.number().int().nonnegative(),
  payload_size_bytes: z.number().int().nonnegative(),
  /** ms since the epoch. */
  server_upload_time: z.number().int(),
});
export type IngestSuccess = z.infer<typeof ingestSuccessSchema>;

export const ingestInvalidSchema = z.object({
  code: z.literal(400),
  error: z.string(),
  /** A missing or unusable request field (`api_key`, `events`): the SDK drops the whole batch. */
  missing_field: z.string().optional(),
  events_with_invalid_fields: indexMapSchema.optional(),
  events_with_missing_fields: indexMapSchema.optional(),
  events_with_invalid_id_lengths: indexMapSchema.optional(),
});
export type IngestInvalid = z.infer<typeof ingestInvalidSchema>;

/** 413 (too large), and any other refusal the SDK reads only `error` of (415, 5xx). */
export const ingestErrorSchema = z.object({ code: z.number().int(), error: z.string() });
export type IngestError = z.infer<typeof ingestErrorSchema>;

export const ingestThrottledSchema = z.object({
  code: z.literal(429),
  error: z.string(),
  eps_threshold: z.number().int().positive(),
  /** Device or user id → its events per second over the window, this request's included. */
  throttled_devices: idCountSchema,
  throttled_users: idCountSchema,
  throttled_events: z.array(z.number().int().nonnegative()),
  /** Device or user id → its events today: the SDK drops their events. */
  exceeded_daily_quota_devices: idCountSchema,
  exceeded_daily_quota_users: idCountSchema,
});
export type IngestThrottled = z.infer<typeof ingestThrottledSchema>;

/** What the browser SDK's page-view tracking sends (spec §7 Analytics: page views). */
export const AMPLITUDE_PAGE_VIEWED = '[Amplitude] Page Viewed';
export const AMPLITUDE_PAGE_PATH = '[Amplitude] Page Path';

/** The operator's reports: days are UTC dates, both ends included, at most a year. */
export const analyticsReportQuerySchema = z
  .object({
    from: z.iso.date(),
    to: z.iso.date(),
    /** The project (ANALYTICS_API_KEYS); every project when absent. */
    project: z.string().min(1).max(40).optional(),
  })
  .refine((q) => q.from <= q.to, { message: 'from is after to', path: ['from'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 366 * 86_400_000, {
    message: 'a range is at most 366 days',
    path: ['to'],
  });
export type AnalyticsReportQuery = z.infer<typeof analyticsReportQuerySchema>;

export const dailyActivePlayersSchema = z.object({
  data: z.array(
    z.object({
      date: z.iso.date(),
      /** Distinct user ids (signed-in players). */
      players: z.number().int().nonnegative(),
      /** Distinct device ids, signed in or not. */
      devices: z.number().int().nonnegative(),
    }),
  ),
});
export type DailyActivePlayers = z.infer<typeof dailyActivePlayersSchema>;

export const dailySessionsSchema = z.object({
  data: z.array(
    z.object({
      date: z.iso.date(),
      /** Distinct (device, session_id) pairs with an event that day. */
      sessions: z.number().int().nonnegative(),
    }),
  ),
});
export type DailySessions = z.infer<typeof dailySessionsSchema>;

export const pageViewsByPathSchema = z.object({
  data: z.array(
    z.object({
      path: z.string(),
      views: z.number().int().nonnegative(),
      devices: z.number().int().nonnegative(),
    }),
  ),
});
export type PageViewsByPath = z.infer<typeof pageViewsByPathSchema>;

export const eventsByTypeSchema = z.object({
  data: z.array(
    z.object({
      eventType: z.string(),
      events: z.number().int().nonnegative(),
      devices: z.number().int().nonnegative(),
    }),
  ),
});
export type EventsByType = z.infer<typeof eventsByTypeSchema>;

/** A player's latest events (the operator's look at what one player did). */
export const playerEventsSchema = z.object({
  data: z.array(
    z.object({
      eventType: z.string(),
      time: z.iso.datetime(),
      deviceId: z.string().nullable(),
      sessionId: z.number().int().nullable(),
      eventProperties: z.record(z.string(), z.unknown()),
      userProperties: z.record(z.string(), z.unknown()),
      revenue: z.number().nullable(),
    }),
  ),
});
export type PlayerEvents = z.infer<typeof playerEventsSchema>;

/** GET /api/dev/analytics/forwarded: the sandbox Amplitude's last posts, newest first (operator). */
export const amplitudeSandboxPostsSchema = z.object({
  data: z.array(
    z.object({
      /** What the sandbox answered: 200, or a status the operator scripted. */
      status: z.number().int(),
      /** The HTTP V2 body the real forwarder would have posted, without the api key. */
      body: z.object({ events: z.array(z.record(z.string(), z.unknown())) }).loose(),
      receivedAt: z.iso.datetime(),
    }),
  ),
});
export type AmplitudeSandboxPosts = z.infer<typeof amplitudeSandboxPostsSchema>;

/** Statuses the sandbox Amplitude can be told to answer: throttled, timeout, server errors. */
export const AMPLITUDE_SANDBOX_FAILURES = [408, 429, 500, 502, 503, 504] as const;

/** POST /api/dev/analytics/forwarded/failures: the sandbox answers these to its next posts. */
export const amplitudeSandboxFailuresRequestSchema = z.object({
  statuses: z.array(z.literal(AMPLITUDE_SANDBOX_FAILURES)).min(1).max(20),
});
export type AmplitudeSandboxFailuresRequest = z.infer<typeof amplitudeSandboxFailuresRequestSchema>;
