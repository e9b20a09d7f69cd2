import { z } from 'zod';

/**
 * POST /api/appsflyer-events (spec §7: isIos, appsFlyerId, userId, eventValue, eventName): the
 * mobile app's webview reports a conversion, which the server forwards to AppsFlyer's
 * server-to-server in-app events API (decision 048). The spec names the fields only; the types
 * follow what AppsFlyer accepts.
 */

/** AppsFlyer's device id (`1700000000000-1234567`): what the app's SDK gave the page. */
export const APPSFLYER_ID_PATTERN = /^[\w-]{6,64}$/;
/** AppsFlyer event names: up to 45 characters (theirs: af_purchase; ours: any word). */
export const APPSFLYER_EVENT_NAME_PATTERN = /^[A-Za-z][\w.]{0,44}$/;
/** AppsFlyer refuses an S2S payload past 1 KB; the value leaves room for the rest of the body. */
export const APPSFLYER_EVENT_VALUE_MAX_CHARS = 700;
export const APPSFLYER_EVENT_VALUE_MAX_KEYS = 20;

const eventValueSchema = z
  .record(
    z.string().regex(/^[A-Za-z][\w.]{0,44}$/, 'Keys are words of at most 45 characters'),
    z.union([z.string().max(256), z.number().finite(), z.boolean(), z.null()]),
  )
  .refine((v) => Object.keys(v).length <= APPSFLYER_EVENT_VALUE_MAX_KEYS, {
    message: `At most ${APPSFLYER_EVENT_VALUE_MAX_KEYS} keys`,
  })
  .refine((v) => JSON.stringify(v).length <= APPSFLYER_EVENT_VALUE_MAX_CHARS, {
    message: `At most ${APPSFLYER_EVENT_VALUE_MAX_CHARS} characters as JSON`,
  });

export const appsFlyerEventRequestSchema = z.object({
  /** The app's platform: which AppsFlyer app (iOS or Android id) hears the event. */
  isIos: z.boolean(),
  appsFlyerId: z.string().regex(APPSFLYER_ID_PATTERN, 'Not an AppsFlyer id'),
  /**
   * The player as the page knows them. A signed-in request's player comes from the session
   * instead; a guest's is not forwarded (decision 048).
   */
  userId: z.string().trim().min(1).max(64).nullish(),
  eventName: z.string().regex(APPSFLYER_EVENT_NAME_PATTERN, 'Not an AppsFlyer event name'),
  eventValue: eventValueSchema.default({}),
});
export type AppsFlyerEventRequest = z.infer<typeof appsFlyerEventRequestSchema>;
export type AppsFlyerEventValue = z.infer<typeof eventValueSchema>;

/** 202: taken; AppsFlyer hears of it shortly, with retries (decision 048). */
export const appsFlyerEventAcceptedSchema = z.object({ accepted: z.literal(true) });

/**
 * appsflyer.event.accepted (outbox): one event to forward. `customerUserId` is the session's
 * player, null for a guest; `eventTime` is when we took it (AppsFlyer's event time).
 */
export const appsFlyerEventAcceptedEventSchema = z.object({
  platform: z.enum(['ios', 'android']),
  appsFlyerId: z.string(),
  customerUserId: z.string().nullable(),
  eventName: z.string(),
  eventValue: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  eventTime: z.iso.datetime(),
});
export type AppsFlyerEventAcceptedEvent = z.infer<typeof appsFlyerEventAcceptedEventSchema>;

export const APPSFLYER_DELIVERY_STATUSES = ['pending', 'sent', 'failed'] as const;
export type AppsFlyerDeliveryStatus = (typeof APPSFLYER_DELIVERY_STATUSES)[number];

/** GET /api/dev/appsflyer/events: the sandbox provider's record, newest first (operator). */
export const appsFlyerSandboxEventsSchema = z.object({
  data: z.array(
    z.object({
      appId: z.string(),
      /** The S2S body the real provider would have posted. */
      body: z.record(z.string(), z.unknown()),
      receivedAt: z.iso.datetime(),
    }),
  ),
});
export type AppsFlyerSandboxEvents = z.infer<typeof appsFlyerSandboxEventsSchema>;
