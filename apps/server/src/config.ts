import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import type { PasswordHashCost } from './platform/password-hasher.ts';

/** The whole environment contract. README "Configuration" documents each variable. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/ })
    .optional()
    .describe('PostgreSQL connection string; the embedded database when absent'),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
  CONTENT_PREVIEW_TOKEN: z.string().min(16).optional(),
  SITE_MODE: z.enum(['build', 'vite']).default('build'),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  RATE_LIMIT_KEY_PREFIX: z.string().min(1).default('coinfall:rl:'),
  TRUST_PROXY: z
    .string()
    .optional()
    .describe(
      'Which proxies in front may tell the client address (X-Forwarded-For): off (default), a hop count, or IPs/CIDRs',
    ),
  GEO_IP_COUNTRY_HEADER: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^(off|[a-z0-9][a-z0-9-]{0,63})$/, 'A request header name, such as cf-ipcountry, or off')
    .optional()
    .describe(
      "The header a trusted proxy sets to the client's ISO country (cf-ipcountry…): off (default) ignores any",
    ),
  GEO_WARM_AT_START: z
    .enum(['on', 'off'])
    .optional()
    .describe(
      'Load the ZIP tables (location → state of the Sweeps Coins rules) at start-up rather than in the first request that needs them: on unless NODE_ENV=test',
    ),
  API_DOCS: z
    .enum(['on', 'off'])
    .optional()
    .describe('The API reference (/api/docs, /api/openapi.json): on unless NODE_ENV=production'),
  JWT_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(900),
  REGISTRATIONS_PER_IP_PER_HOUR: z.coerce
    .number()
    .int()
    .min(1)
    .default(10)
    .describe(
      'Accounts that may be created (password or social sign-up) from one client IP per hour; 429 with Retry-After past it',
    ),
  PASSWORD_HASH_COST: z
    .enum(['standard', 'low'])
    .default('standard')
    .describe(
      'argon2id cost of password hashes; low only for test suites (NODE_ENV=test or SANDBOX on)',
    ),
  SMTP_URL: z
    .url({ protocol: /^smtps?$/ })
    .optional()
    .describe('Where mail goes; kept in the dev mailbox when absent'),
  MAIL_FROM: z.string().trim().min(3).max(254).default('Coinfall <no-reply@coinfall.localhost>'),
  SANDBOX: z
    .enum(['on', 'off'])
    .default('off')
    .describe(
      'Developer sandboxes (dev mailbox, sandbox identity provider and cashier, /api/dev operator ' +
        'tools): off unless set to on; npm start, npm run dev and the test suites set it',
    ),
  SANDBOX_IN_PRODUCTION: z
    .enum(['acknowledged'])
    .optional()
    .describe(
      'acknowledged: allow SANDBOX=on with NODE_ENV=production (the npm start demo, browser tests); ' +
        'start-up refuses that pair without it',
    ),
  SANDBOX_OPERATOR_TOKEN: z
    .string()
    .min(32)
    .optional()
    .describe(
      'Operator credential of the sandbox tools (/api/dev, every mail on /dev/mailbox); generated ' +
        'and kept in DATA_DIR/secrets when absent',
    ),
  STAFF_IDLE_TIMEOUT_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30)
    .describe('Minutes without a request after which a back-office session ends'),
  PAYMENT_ABANDON_AFTER_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(7 * 24 * 60)
    .default(60)
    .describe(
      'Minutes a card purchase or deposit may stay open (awaiting 3-D Secure) before the expiry job asks the provider to cancel it',
    ),
  CRYPTO_DEPOSIT_ABANDON_AFTER_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(30 * 24 * 60)
    .default(24 * 60)
    .describe(
      'Minutes a crypto deposit may wait for its transfer before the expiry job asks the provider to cancel it',
    ),
  STAFF_FOUR_EYES_ABOVE: z.coerce
    .number()
    .int()
    .min(0)
    .default(10_000)
    .describe(
      'Manual balance adjustments above this many minor units (either sign) wait for a second staff member',
    ),
  SUPPORT_AGENT_CAPACITY: z.coerce
    .number()
    .int()
    .min(1)
    .default(5)
    .describe(
      'Open conversations the support chat auto-assigns to one agent at most; past it new ones wait in the queue',
    ),
  AMOE_AMOUNT: z.coerce
    .number()
    .int()
    .min(1)
    .default(500)
    .describe('Sweeps Coins (minor units) one recorded postal free-entry request credits'),
  AMOE_CODE_VALID_DAYS: z.coerce.number().int().min(1).max(365).default(90),
  AMOE_MAX_UNUSED_CODES: z.coerce.number().int().min(1).max(50).default(3),
  AMOE_MAX_PER_DAY: z.coerce.number().int().min(1).default(1),
  AMOE_MAX_PER_MONTH: z.coerce.number().int().min(1).default(10),
  SWEEPS_EXPIRY_DAYS: z.coerce.number().int().min(2).max(3650).default(60),
  SWEEPS_EXPIRY_REMINDER_DAYS: z
    .string()
    .regex(/^\s*\d+(\s*,\s*\d+)*\s*$/, 'Comma-separated whole days, such as 7,1')
    .default('7,1')
    .describe('Days before the Sweeps Coins expiry a reminder is mailed'),
  // A fixed default is fine: the sandbox lets anyone sign in anyway; the secret guards nothing.
  SOCIAL_SANDBOX_CLIENT_SECRET: z.string().min(16).default('coinfall-sandbox-client-secret'),
  SOCIAL_GOOGLE_ISSUER: z.url({ protocol: /^https?$/ }).optional(),
  SOCIAL_GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  SOCIAL_GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  SOCIAL_FACEBOOK_ISSUER: z.url({ protocol: /^https?$/ }).optional(),
  SOCIAL_FACEBOOK_CLIENT_ID: z.string().min(1).optional(),
  SOCIAL_FACEBOOK_CLIENT_SECRET: z.string().min(1).optional(),
  SOCIAL_APPLE_ISSUER: z.url({ protocol: /^https?$/ }).optional(),
  SOCIAL_APPLE_CLIENT_ID: z.string().min(1).optional(),
  SOCIAL_APPLE_CLIENT_SECRET: z.string().min(1).optional(),
  SLACK_WEBHOOK_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .describe(
      'Base URL of the Slack relay: big-deposit alerts go to …/slack/big-debs, big-win alerts to …/slack/big-wins; alerts are only recorded when absent',
    ),
  REALTIME_ALLOWED_ORIGINS: z
    .string()
    .optional()
    .describe('Comma-separated origins allowed to open the realtime socket besides same-origin'),
  REALTIME_PING_SECONDS: z.coerce.number().int().min(1).max(300).default(25),
  PAYMENT_SANDBOX_WEBHOOK_SECRET: z
    .string()
    .min(32)
    .optional()
    .describe('HMAC key of the sandbox payment provider webhooks; generated when absent'),
  ANALYTICS_API_KEYS: z
    .string()
    .optional()
    .describe(
      'Comma-separated project api keys the analytics ingest (/2/httpapi, /batch) accepts, each `project:key` or a bare key (project `main`); with SANDBOX=on and none given, the demo key',
    ),
  ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  ANALYTICS_EPS_THRESHOLD: z.coerce
    .number()
    .int()
    .min(1)
    .default(30)
    .describe('Events per second one device or user may send, averaged over 10 s; 429 past it'),
  ANALYTICS_DAILY_QUOTA: z.coerce
    .number()
    .int()
    .min(1)
    .default(500_000)
    .describe('Events one device or user may send per UTC day; 429 with exceeded_daily_quota_*'),
  ANALYTICS_SITE_KEY: z
    .string()
    .optional()
    .describe(
      'The api key the site’s Amplitude SDK sends (one of ANALYTICS_API_KEYS); default: the first. The site tracks nothing without a key',
    ),
  AFFILIATE_PIXEL_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .describe(
      'The affiliate host’s pixel (affclick): loaded once for a newly registered player who came with a click marker; with SANDBOX=on and none given, the sandbox affiliate host',
    ),
  AFFILIATE_OFFER_ID: z.string().trim().min(1).max(64).default('1'),
  AFFILIATE_GOAL_ID: z.string().trim().min(1).max(64).default('registration'),
  AFFILIATE_PIXEL_STATUS: z.string().trim().min(1).max(32).default('approved'),
  APPSFLYER_DEV_KEY: z
    .string()
    .trim()
    .min(8)
    .optional()
    .describe(
      'AppsFlyer dev key (the S2S `authentication` header): app conversions of POST /api/appsflyer-events are forwarded to AppsFlyer; needs an app id. Without it and with SANDBOX=on, the sandbox records them (/api/dev/appsflyer/events)',
    ),
  APPSFLYER_IOS_APP_ID: z
    .string()
    .regex(/^id\d+$/, 'the App Store id with its `id` prefix (id123456789)')
    .optional()
    .describe('The iOS app in AppsFlyer (`id` + App Store id); iOS events are not sent without it'),
  APPSFLYER_ANDROID_APP_ID: z
    .string()
    .regex(/^[A-Za-z][\w]*(\.[A-Za-z][\w]*)+$/, 'the Android package name (com.example.app)')
    .optional()
    .describe(
      'The Android app in AppsFlyer (package name); Android events are not sent without it',
    ),
  APPSFLYER_API_URL: z
    .url({ protocol: /^https?$/ })
    .default('https://api2.appsflyer.com')
    .describe('Base of AppsFlyer’s S2S in-app events API (…/inappevent/{app_id})'),
  AMPLITUDE_FORWARD_API_KEY: z
    .string()
    .trim()
    .min(8)
    .optional()
    .describe(
      'Api key of a real Amplitude project: the events the ingest accepts are forwarded to it in batches (decision 054). Without it and with SANDBOX=on, the sandbox records the batches (/api/dev/analytics/forwarded); else nothing is forwarded',
    ),
  AMPLITUDE_FORWARD_URL: z
    .url({ protocol: /^https?$/ })
    .default('https://api2.amplitude.com/2/httpapi')
    .describe('Amplitude’s HTTP V2 endpoint (EU: https://api.eu.amplitude.com/2/httpapi)'),
  AMPLITUDE_FORWARD_BATCH_SIZE: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_999)
    .default(500)
    .describe('Events per forwarded request (Amplitude refuses 2,000 or more, and 1 MB)'),
  AMPLITUDE_FORWARD_EVENTS_PER_SECOND: z.coerce
    .number()
    .int()
    .min(1)
    .default(1_000)
    .describe('Pace of the forwarding (Amplitude Starter: 1,000 events/s and 100 requests/s)'),
  VIP_HOST_NAME: z
    .string()
    .trim()
    .min(1)
    .max(80)
    .optional()
    .describe('The VIP personal host shown to VIP players; no host is promised when unset'),
  VIP_HOST_EMAIL: z.email().optional().describe('The VIP host’s email (needed with VIP_HOST_NAME)'),
  VIP_HOST_PHONE: z.string().trim().min(3).max(32).optional(),
  VIP_HOST_HOURS: z
    .string()
    .trim()
    .min(1)
    .max(80)
    .default('Every day, 9:00–21:00 ET')
    .describe('When the VIP host answers (free text)'),
});

/** The api key of the analytics ingest in sandbox mode when ANALYTICS_API_KEYS is unset. */
export const DEMO_ANALYTICS_API_KEY = 'coinfall-demo-analytics-key';

/** The sandbox affiliate host's pixel, on our own origin (modules/attribution). */
export const SANDBOX_AFFILIATE_PIXEL_PATH = '/affiliate-sandbox/pixel';

/** A project of the analytics ingest: the name its events are stored under, and its api key. */
export interface AnalyticsProjectKey {
  project: string;
  key: string;
}

/** The OpenID Connect providers an operator can configure (the sandbox is built in). */
const SOCIAL_PROVIDERS = ['google', 'facebook', 'apple'] as const;

/** A configured OpenID Connect client of one social-login connection. */
export interface SocialProviderConfig {
  connection: (typeof SOCIAL_PROVIDERS)[number];
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export type Config = Readonly<{
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  publicUrl: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  bodyLimitBytes: number;
  shutdownGraceMs: number;
  contentPreviewToken: string | undefined;
  /** build: serve apps/web/build; vite: compile on request with hot reload (development). */
  siteMode: 'build' | 'vite';
  rateLimitPerMinute: number;
  rateLimitKeyPrefix: string;
  /**
   * The proxies whose X-Forwarded-For is believed (Fastify `trustProxy`): false trusts none and
   * the socket's address is the client's; a number trusts that many hops; a list, those
   * addresses and ranges. Every per-IP limit keys on the address this yields.
   */
  trustProxy: false | number | readonly string[];
  /**
   * The request header (lower case) a trusted proxy sets to the client's ISO country, read at
   * login and refresh for the jurisdiction rules; null ignores any such header.
   */
  geoIpCountryHeader: string | null;
  /**
   * Load the geo module's ZIP tables while the app starts (decision 046), so no request — and
   * no Sweeps Coins round's transaction — waits the second their first load takes. Off in the
   * test suites, whose hundreds of apps mostly never read a location.
   */
  geoWarmAtStart: boolean;
  /** Serve the API reference (/api/docs) and the OpenAPI document. */
  apiDocs: boolean;
  /** HS256 key of access tokens; random per process outside production when unset. */
  jwtSecret: string;
  accessTokenTtlSeconds: number;
  /** Sign-ups per client IP per hour (the registration body names no device to count by). */
  registrationsPerIpPerHour: number;
  /**
   * argon2id cost of new password hashes (each hash records its own, so either verifies any).
   * `low` saves the test suites ~130 ms of CPU per hash; refused on a real deployment.
   */
  passwordHashCost: PasswordHashCost;
  /** SMTP server of outgoing mail; unset keeps mail in the dev_mailbox table. */
  smtpUrl: string | undefined;
  /** From address of outgoing mail. */
  mailFrom: string;
  /**
   * The developer sandboxes are served: the dev mailbox (mail and SMS kept when no provider is
   * set), the sandbox identity provider and cashier, and the operator tools under /api/dev.
   */
  sandbox: boolean;
  /**
   * The credential of the sandbox's operator tools (docs/decisions/019); null when sandboxes are
   * off. `generated` when no SANDBOX_OPERATOR_TOKEN was given: main.ts then prints it once.
   */
  sandboxOperator: { token: string; generated: boolean } | null;
  /** Back office (decision 031): idle timeout of staff sessions and the four-eyes amount. */
  staff: { idleTimeoutMinutes: number; fourEyesAbove: number };
  /** Live support chat (decisions 040, 047): conversations auto-assigned per agent at most. */
  supportAgentCapacity: number;
  /** Free entry by mail (decision 035): the amount, code validity and caps. */
  amoe: Readonly<{
    amount: number;
    codeValidDays: number;
    maxUnusedCodes: number;
    maxPerDay: number;
    maxPerMonth: number;
  }>;
  /** Sweeps Coins expiry after days without a login, and the reminders' days before it. */
  sweepsExpiry: Readonly<{ expiryDays: number; reminderDays: readonly number[] }>;
  /** The built-in sandbox identity provider under /oidc-sandbox; null when off. */
  socialSandbox: { clientSecret: string } | null;
  /** Social-login providers with issuer, client id and secret all set. */
  socialProviders: readonly SocialProviderConfig[];
  /** The Slack relay alerts are posted under (Block Kit); unset: recorded as not_configured. */
  slackWebhookUrl: string | undefined;
  /** The built-in sandbox payment provider under /sandbox-cashier; null when sandboxes are off. */
  paymentSandbox: { webhookSecret: string } | null;
  /** Minutes an open card / crypto payment may wait before it expires (decision 039). */
  paymentAbandon: { cardMinutes: number; cryptoMinutes: number };
  /** Origins (scheme://host[:port]) whose pages may open the realtime socket, besides our own. */
  realtimeAllowedOrigins: readonly string[];
  /** Seconds between the realtime gateway's pings. */
  realtimePingSeconds: number;
  /** The analytics ingest (docs/decisions/027). */
  analytics: Readonly<{
    /** The projects whose api keys the ingest accepts; empty: every request is refused. */
    apiKeys: readonly AnalyticsProjectKey[];
    /** Days of events kept; older day partitions are dropped. */
    retentionDays: number;
    /** Events per second per device or user (averaged over 10 s) before a 429. */
    epsThreshold: number;
    /** Events per device or user per UTC day before a 429 with exceeded_daily_quota_*. */
    dailyQuota: number;
  }>;
  /** Growth (issue 19): the site's analytics key and the affiliate pixel. */
  growth: Readonly<{
    /** The api key the site's SDK uses; null: the site does not track. */
    siteAnalyticsKey: string | null;
    /** The affclick pixel; null: none is loaded. `url` may be a path on our origin (sandbox). */
    affiliatePixel: Readonly<{ url: string; offer: string; goal: string; status: string }> | null;
    /**
     * Where app conversions go (decision 048): AppsFlyer's S2S API, the sandbox that records them
     * (SANDBOX on, no dev key), or nowhere (null).
     */
    appsFlyer: AppsFlyerSetting | null;
    /**
     * Where the ingest's events are forwarded (decision 054): a real Amplitude project, the
     * sandbox that records the batches (SANDBOX on, no key), or nowhere (null).
     */
    amplitudeForward: AmplitudeForwardSetting | null;
  }>;
  /** The VIP personal host (decision 029); null: VIP levels promise no host. */
  vipHost: Readonly<{ name: string; email: string; phone: string | null; hours: string }> | null;
}>;

/**
 * TRUST_PROXY: unset or `off` trusts no proxy (X-Forwarded-For is ignored: anyone can send it);
 * `1`…`10` trusts that many hops in front; otherwise a comma-separated list of addresses or
 * CIDR ranges of the proxies (`10.0.0.0/8, 192.168.1.7`).
 */
function trustedProxies(
  value: string | undefined,
): { trusted: false | number | readonly string[] } | { problem: string } {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'off') return { trusted: false };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops >= 1 && hops <= 10
      ? { trusted: hops }
      : { problem: 'TRUST_PROXY: a hop count is between 1 and 10' };
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => {
    const [address = '', prefix, ...rest] = entry.split('/');
    const family = isIP(address);
    if (family === 0 || rest.length > 0) return true;
    if (prefix === undefined) return false;
    const bits = Number(prefix);
    return !/^\d+$/.test(prefix) || bits > (family === 4 ? 32 : 128);
  });
  return bad.length > 0
    ? { problem: `TRUST_PROXY: not an address or CIDR range: ${bad.join(', ')}` }
    : { trusted: Object.freeze(entries) };
}

const ANALYTICS_PROJECT = /^[a-z0-9][a-z0-9_-]{0,39}$/;

/** ANALYTICS_API_KEYS: `project:key` or a bare key (project `main`); a key at least 8 characters. */
function analyticsKeys(
  list: string | undefined,
  sandbox: boolean,
): { keys: AnalyticsProjectKey[]; problems: string[] } {
  const items = (list ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  if (items.length === 0 && sandbox) {
    return { keys: [{ project: 'demo', key: DEMO_ANALYTICS_API_KEY }], problems: [] };
  }
  const keys: AnalyticsProjectKey[] = [];
  const problems: string[] = [];
  for (const item of items) {
    const colon = item.indexOf(':');
    const project = colon === -1 ? 'main' : item.slice(0, colon);
    const key = colon === -1 ? item : item.slice(colon + 1);
    if (!ANALYTICS_PROJECT.test(project) || key.length < 8 || /\s/.test(key)) {
      problems.push(
        `ANALYTICS_API_KEYS: ${project}: a project is lower-case letters, digits, - or _ and a key at least 8 characters without spaces`,
      );
    } else if (keys.some((k) => k.key === key)) {
      problems.push(`ANALYTICS_API_KEYS: one key is given twice`);
    } else {
      keys.push({ project, key });
    }
  }
  return { keys, problems };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

let generatedJwtSecret: string | undefined;
let generatedPaymentSandboxSecret: string | undefined;
let generatedOperatorToken: string | undefined;

/** One random key per process, so tokens of a development run die with it. */
function processJwtSecret(): string {
  generatedJwtSecret ??= randomBytes(32).toString('base64url');
  return generatedJwtSecret;
}

export interface ConfigSources {
  /** A secret kept in DATA_DIR and created on first use, for a single embedded-database node. */
  persistedSecret?: (dataDir: string, name: string) => string;
}

/**
 * Without JWT_SECRET: a per-process key in development and tests; in production a key kept in
 * DATA_DIR when the node runs alone on the embedded database (the `npm start` demo), so sessions
 * survive restarts. Several nodes (DATABASE_URL) must share an explicit JWT_SECRET.
 */
function defaultJwtSecret(
  e: z.infer<typeof envSchema>,
  sources: ConfigSources,
): string | undefined {
  if (e.NODE_ENV !== 'production') return processJwtSecret();
  if (e.DATABASE_URL || !sources.persistedSecret) return undefined;
  return sources.persistedSecret(path.resolve(e.DATA_DIR), 'jwt-secret');
}

/**
 * The sandbox webhook key: kept in DATA_DIR when the server can (so deliveries signed before a
 * restart still verify after it), else one per process.
 */
function paymentSandboxSecret(e: z.infer<typeof envSchema>, sources: ConfigSources): string {
  if (e.PAYMENT_SANDBOX_WEBHOOK_SECRET) return e.PAYMENT_SANDBOX_WEBHOOK_SECRET;
  if (e.NODE_ENV !== 'test' && sources.persistedSecret) {
    return sources.persistedSecret(path.resolve(e.DATA_DIR), 'payment-sandbox-webhook-secret');
  }
  generatedPaymentSandboxSecret ??= randomBytes(32).toString('base64url');
  return generatedPaymentSandboxSecret;
}

/**
 * The sandbox operator token: the given one, else one kept in DATA_DIR (a demo restart keeps
 * it), else one per process (tests). Several production nodes must share an explicit one.
 */
function sandboxOperator(
  e: z.infer<typeof envSchema>,
  sources: ConfigSources,
): { token: string; generated: boolean } | { problem: string } {
  if (e.SANDBOX_OPERATOR_TOKEN) return { token: e.SANDBOX_OPERATOR_TOKEN, generated: false };
  if (e.NODE_ENV === 'production' && e.DATABASE_URL) {
    return {
      problem:
        'SANDBOX_OPERATOR_TOKEN: required with SANDBOX=on and DATABASE_URL in production, since every node must accept the same one (at least 32 characters)',
    };
  }
  if (e.NODE_ENV !== 'test' && sources.persistedSecret) {
    const token = sources.persistedSecret(path.resolve(e.DATA_DIR), 'sandbox-operator-token');
    return { token, generated: true };
  }
  generatedOperatorToken ??= randomBytes(32).toString('base64url');
  return { token: generatedOperatorToken, generated: true };
}

export type AmplitudeForwardSetting = Readonly<{
  provider: Readonly<{ kind: 'amplitude'; url: string; apiKey: string } | { kind: 'sandbox' }>;
  batchSize: number;
  eventsPerSecond: number;
}>;

/** A real Amplitude project with its key; else the sandbox when on; else none. */
function amplitudeForwardSetting(
  e: z.infer<typeof envSchema>,
  sandbox: boolean,
): AmplitudeForwardSetting | null {
  const pace = {
    batchSize: e.AMPLITUDE_FORWARD_BATCH_SIZE,
    eventsPerSecond: e.AMPLITUDE_FORWARD_EVENTS_PER_SECOND,
  };
  if (e.AMPLITUDE_FORWARD_API_KEY) {
    const provider = {
      kind: 'amplitude' as const,
      url: e.AMPLITUDE_FORWARD_URL,
      apiKey: e.AMPLITUDE_FORWARD_API_KEY,
    };
    return Object.freeze({ provider: Object.freeze(provider), ...pace });
  }
  return sandbox
    ? Object.freeze({ provider: Object.freeze({ kind: 'sandbox' as const }), ...pace })
    : null;
}

export type AppsFlyerSetting = Readonly<
  | {
      kind: 'appsflyer';
      apiUrl: string;
      devKey: string;
      iosAppId: string | null;
      androidAppId: string | null;
    }
  | { kind: 'sandbox' }
>;

/** AppsFlyer with its dev key and at least one app; else the sandbox when on; else none. */
function appsFlyerSetting(
  e: z.infer<typeof envSchema>,
  sandbox: boolean,
): { setting: AppsFlyerSetting | null; problem?: string } {
  const iosAppId = e.APPSFLYER_IOS_APP_ID ?? null;
  const androidAppId = e.APPSFLYER_ANDROID_APP_ID ?? null;
  if (!e.APPSFLYER_DEV_KEY) {
    if (iosAppId || androidAppId) {
      return { setting: null, problem: 'APPSFLYER_DEV_KEY: required with an AppsFlyer app id' };
    }
    return { setting: sandbox ? Object.freeze({ kind: 'sandbox' as const }) : null };
  }
  if (!iosAppId && !androidAppId) {
    return {
      setting: null,
      problem: 'APPSFLYER_IOS_APP_ID or APPSFLYER_ANDROID_APP_ID: required with APPSFLYER_DEV_KEY',
    };
  }
  return {
    setting: Object.freeze({
      kind: 'appsflyer' as const,
      apiUrl: e.APPSFLYER_API_URL,
      devKey: e.APPSFLYER_DEV_KEY,
      iosAppId,
      androidAppId,
    }),
  };
}

/**
 * SANDBOX is off unless set; on in production it is refused without the second, explicit
 * SANDBOX_IN_PRODUCTION=acknowledged (the demo and the browser tests give both).
 */
function sandboxProblem(e: z.infer<typeof envSchema>): string | null {
  if (e.SANDBOX !== 'on' || e.NODE_ENV !== 'production') return null;
  if (e.SANDBOX_IN_PRODUCTION === 'acknowledged') return null;
  return 'SANDBOX: on with NODE_ENV=production lets anyone sign in as any sandbox account and pay with test cards; refused unless SANDBOX_IN_PRODUCTION=acknowledged is set too';
}

/** Each provider needs all three of its variables; one or two of them is a mistake. */
function socialProviders(e: z.infer<typeof envSchema>): {
  providers: SocialProviderConfig[];
  problems: string[];
} {
  const providers: SocialProviderConfig[] = [];
  const problems: string[] = [];
  for (const connection of SOCIAL_PROVIDERS) {
    const name = connection.toUpperCase() as Uppercase<typeof connection>;
    const prefix = `SOCIAL_${name}_`;
    const issuer = e[`SOCIAL_${name}_ISSUER`];
    const clientId = e[`SOCIAL_${name}_CLIENT_ID`];
    const clientSecret = e[`SOCIAL_${name}_CLIENT_SECRET`];
    if (issuer && clientId && clientSecret) {
      providers.push({ connection, issuer, clientId, clientSecret });
    } else if (issuer || clientId || clientSecret) {
      problems.push(
        `${prefix}*: set ${prefix}ISSUER, ${prefix}CLIENT_ID and ${prefix}CLIENT_SECRET together`,
      );
    }
  }
  return { providers, problems };
}

/** Each origin normalised as the browser sends it (`https://example.com`, no path). */
function realtimeOrigins(list: string | undefined): { origins: string[]; problems: string[] } {
  const origins: string[] = [];
  const problems: string[] = [];
  for (const item of (list ?? '').split(',').map((o) => o.trim())) {
    if (item === '') continue;
    const origin = URL.canParse(item) ? new URL(item).origin : 'null';
    if (origin === 'null') problems.push(`REALTIME_ALLOWED_ORIGINS: ${item} is not an origin`);
    else origins.push(origin);
  }
  return { origins, problems };
}

/** Parses the environment once; throws a ConfigError naming every bad variable. */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  sources: ConfigSources = {},
): Config {
  // Empty strings mean "unset" so that `FOO= npm start` behaves like no FOO at all.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => `${i.path.join('.') || '(environment)'}: ${i.message}`),
    );
  }
  const e = parsed.data;
  const social = socialProviders(e);
  if (social.problems.length > 0) throw new ConfigError(social.problems);
  const origins = realtimeOrigins(e.REALTIME_ALLOWED_ORIGINS);
  if (origins.problems.length > 0) throw new ConfigError(origins.problems);
  const trustProxy = trustedProxies(e.TRUST_PROXY);
  if ('problem' in trustProxy) throw new ConfigError([trustProxy.problem]);
  const jwtSecret = e.JWT_SECRET ?? defaultJwtSecret(e, sources);
  if (!jwtSecret) {
    throw new ConfigError([
      'JWT_SECRET: required in production with DATABASE_URL, since every node must sign with the same key (at least 32 characters)',
    ]);
  }
  const refusedSandbox = sandboxProblem(e);
  if (refusedSandbox) throw new ConfigError([refusedSandbox]);
  const sandbox = e.SANDBOX === 'on';
  const operator = sandbox ? sandboxOperator(e, sources) : null;
  const analytics = analyticsKeys(e.ANALYTICS_API_KEYS, sandbox);
  if (analytics.problems.length > 0) throw new ConfigError(analytics.problems);
  if (e.ANALYTICS_SITE_KEY && !analytics.keys.some((k) => k.key === e.ANALYTICS_SITE_KEY)) {
    throw new ConfigError(['ANALYTICS_SITE_KEY: not one of the keys of ANALYTICS_API_KEYS']);
  }
  if (operator && 'problem' in operator) throw new ConfigError([operator.problem]);
  const appsFlyer = appsFlyerSetting(e, sandbox);
  if (appsFlyer.problem) throw new ConfigError([appsFlyer.problem]);
  if (e.PASSWORD_HASH_COST === 'low' && e.NODE_ENV !== 'test' && !sandbox) {
    throw new ConfigError([
      'PASSWORD_HASH_COST: low is for test suites only (NODE_ENV=test or SANDBOX=on); real passwords need the standard cost',
    ]);
  }
  return Object.freeze({
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    contentPreviewToken: e.CONTENT_PREVIEW_TOKEN,
    siteMode: e.SITE_MODE,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    rateLimitKeyPrefix: e.RATE_LIMIT_KEY_PREFIX,
    trustProxy: trustProxy.trusted,
    geoIpCountryHeader:
      e.GEO_IP_COUNTRY_HEADER && e.GEO_IP_COUNTRY_HEADER !== 'off' ? e.GEO_IP_COUNTRY_HEADER : null,
    geoWarmAtStart: (e.GEO_WARM_AT_START ?? (e.NODE_ENV === 'test' ? 'off' : 'on')) === 'on',
    apiDocs: (e.API_DOCS ?? (e.NODE_ENV === 'production' ? 'off' : 'on')) === 'on',
    jwtSecret,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    registrationsPerIpPerHour: e.REGISTRATIONS_PER_IP_PER_HOUR,
    passwordHashCost: e.PASSWORD_HASH_COST,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    sandbox,
    sandboxOperator: operator,
    staff: {
      idleTimeoutMinutes: e.STAFF_IDLE_TIMEOUT_MINUTES,
      fourEyesAbove: e.STAFF_FOUR_EYES_ABOVE,
    },
    supportAgentCapacity: e.SUPPORT_AGENT_CAPACITY,
    socialSandbox: sandbox ? { clientSecret: e.SOCIAL_SANDBOX_CLIENT_SECRET } : null,
    amoe: Object.freeze({
      amount: e.AMOE_AMOUNT,
      codeValidDays: e.AMOE_CODE_VALID_DAYS,
      maxUnusedCodes: e.AMOE_MAX_UNUSED_CODES,
      maxPerDay: e.AMOE_MAX_PER_DAY,
      maxPerMonth: e.AMOE_MAX_PER_MONTH,
    }),
    sweepsExpiry: Object.freeze({
      expiryDays: e.SWEEPS_EXPIRY_DAYS,
      // A reminder comes before the expiry: 0 and days past the period remind of nothing.
      reminderDays: Object.freeze(
        e.SWEEPS_EXPIRY_REMINDER_DAYS.split(',')
          .map((d) => Number(d.trim()))
          .filter((d) => d > 0 && d < e.SWEEPS_EXPIRY_DAYS),
      ),
    }),
    socialProviders: social.providers,
    slackWebhookUrl: e.SLACK_WEBHOOK_URL,
    paymentSandbox: sandbox ? { webhookSecret: paymentSandboxSecret(e, sources) } : null,
    paymentAbandon: {
      cardMinutes: e.PAYMENT_ABANDON_AFTER_MINUTES,
      cryptoMinutes: e.CRYPTO_DEPOSIT_ABANDON_AFTER_MINUTES,
    },
    realtimeAllowedOrigins: origins.origins,
    realtimePingSeconds: e.REALTIME_PING_SECONDS,
    analytics: Object.freeze({
      apiKeys: Object.freeze(analytics.keys),
      retentionDays: e.ANALYTICS_RETENTION_DAYS,
      epsThreshold: e.ANALYTICS_EPS_THRESHOLD,
      dailyQuota: e.ANALYTICS_DAILY_QUOTA,
    }),
    growth: Object.freeze({
      siteAnalyticsKey: e.ANALYTICS_SITE_KEY ?? analytics.keys[0]?.key ?? null,
      affiliatePixel:
        e.AFFILIATE_PIXEL_URL || sandbox
          ? Object.freeze({
              url: e.AFFILIATE_PIXEL_URL ?? SANDBOX_AFFILIATE_PIXEL_PATH,
              offer: e.AFFILIATE_OFFER_ID,
              goal: e.AFFILIATE_GOAL_ID,
              status: e.AFFILIATE_PIXEL_STATUS,
            })
          : null,
      appsFlyer: appsFlyer.setting,
      amplitudeForward: amplitudeForwardSetting(e, sandbox),
    }),
    vipHost:
      e.VIP_HOST_NAME && e.VIP_HOST_EMAIL
        ? Object.freeze({
            name: e.VIP_HOST_NAME,
            email: e.VIP_HOST_EMAIL,
            phone: e.VIP_HOST_PHONE ?? null,
            hours: e.VIP_HOST_HOURS,
          })
        : null,
  });
}
