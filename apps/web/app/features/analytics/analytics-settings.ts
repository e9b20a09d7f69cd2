/**
 * The analytics settings of spec §9, as the Amplitude browser SDK names them. The SDK's own
 * defaults (flush 30 / 1 s / 5 retries) are not the spec's.
 */
export const ANALYTICS_SETTINGS = {
  flushQueueSize: 100,
  flushIntervalMillis: 5000,
  flushMaxRetries: 12,
  /** A new session after 30 minutes of inactivity (session_end, then session_start). */
  sessionTimeout: 30 * 60 * 1000,
  /** Days the SDK's identity cookie lives. */
  cookieExpirationDays: 365,
} as const;

/** Calls queued before the SDK has loaded; past this the newest are dropped (spec §9). */
export const LOCAL_QUEUE_CAP = 1000;
/** Events waiting for the mobile app's bridge; past this the newest are dropped (spec §9). */
export const BRIDGE_QUEUE_CAP = 512;

/** Our ingest, on the site's own origin (decision 027): no CORS, no third party. */
export const INGEST_PATH = '/2/httpapi';

/** The event types the site sends (spec §4's tracked moments). */
export const ANALYTICS_EVENTS = {
  registration: 'registration',
  login: 'login',
  logout: 'logout',
  purchase: 'purchase',
  deposit: 'deposit',
  redemption: 'redemption',
  gameLaunch: 'game_launch',
  bonusActivated: 'bonus_activated',
  bonusCanceled: 'bonus_canceled',
  freeSpinActivated: 'free_spins_activated',
  bonusCodeApplied: 'bonus_code_applied',
  questActivated: 'quest_activated',
  questCompleted: 'quest_completed',
  kycVerified: 'kyc_verified',
} as const;
export type AnalyticsEventType = (typeof ANALYTICS_EVENTS)[keyof typeof ANALYTICS_EVENTS];
