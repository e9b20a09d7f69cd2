import {
  APPSFLYER_EVENT_VALUE_MAX_CHARS,
  APPSFLYER_EVENT_VALUE_MAX_KEYS,
  type AppsFlyerEventValue,
} from '@coinfall/shared/contracts/appsflyer';
import { ApiError } from '../../lib/api/api-error.ts';
import { apiClient } from '../../lib/session/session.ts';
import { BRIDGE_QUEUE_CAP } from './analytics-settings.ts';

/**
 * The mobile app's webview (spec §3 flags isMobileApp, appsFlyerId): the app injects
 * `window.CoinfallApp` before the page loads (its AppsFlyer id and platform), or names itself in
 * the user agent and passes the id in the query (`appsflyer_id`, kept for the tab).
 */
export interface AppBridge {
  appsFlyerId?: string;
  isIos?: boolean;
}

declare global {
  interface Window {
    CoinfallApp?: AppBridge;
  }
}

export interface MobileApp {
  isMobileApp: boolean;
  appsFlyerId: string | null;
  isIos: boolean;
}

const APP_UA = /CoinfallApp\//;
const ID_PARAM = 'appsflyer_id';
const ID_KEY = 'appsFlyerId';
const APPSFLYER_ID = /^[\w-]{6,64}$/;

/** Reads the flags from what the app gives the page; pure given its inputs. */
export function detectMobileApp(input: {
  bridge: AppBridge | undefined;
  userAgent: string;
  search: string;
  storedId: string | null;
}): MobileApp {
  const fromQuery = new URLSearchParams(input.search).get(ID_PARAM);
  const candidates = [input.bridge?.appsFlyerId, fromQuery, input.storedId];
  const appsFlyerId = candidates.find((id) => id && APPSFLYER_ID.test(id)) ?? null;
  const isMobileApp = input.bridge !== undefined || APP_UA.test(input.userAgent);
  return {
    isMobileApp,
    appsFlyerId: isMobileApp ? appsFlyerId : null,
    isIos: input.bridge?.isIos ?? /iPhone|iPad|iPod/.test(input.userAgent),
  };
}

/** The spec's events the app's attribution hears (its conversions), with their AppsFlyer names. */
export const APP_EVENT_NAMES: Readonly<Record<string, string>> = {
  registration: 'af_complete_registration',
  login: 'af_login',
  purchase: 'af_purchase',
  deposit: 'af_deposit',
  redemption: 'af_redemption',
  kyc_verified: 'af_kyc_verified',
};

interface AppEvent {
  eventName: string;
  eventValue: AppsFlyerEventValue;
}

/** Amplitude's revenue fields (on the event) as AppsFlyer's in-app event parameters read them. */
const REVENUE_FIELDS: Readonly<Record<string, string>> = {
  revenue: 'af_revenue',
  price: 'af_price',
  quantity: 'af_quantity',
  productId: 'af_content_id',
  revenueType: 'af_content_type',
  currency: 'af_currency',
};
const VALUE_KEY = /^[A-Za-z][\w.]{0,44}$/;
const MAX_STRING = 256;

/**
 * An event's properties as the endpoint takes them (decision 048): revenue under AppsFlyer's
 * names (what its revenue reports read), then the rest; only flat values of allowed keys, at most
 * 20 keys and 700 characters as JSON — past that the last keys are left out rather than the
 * whole conversion refused (a registration's UTM values can be long).
 */
export function appEventValue(properties: Record<string, unknown>): AppsFlyerEventValue {
  const ordered = [
    ...Object.entries(properties).filter(([k]) => k in REVENUE_FIELDS),
    ...Object.entries(properties).filter(([k]) => !(k in REVENUE_FIELDS)),
  ];
  const value: AppsFlyerEventValue = {};
  for (const [rawKey, raw] of ordered) {
    const key = REVENUE_FIELDS[rawKey] ?? rawKey;
    if (!VALUE_KEY.test(key) || key in value) continue;
    const flat =
      raw === null || typeof raw === 'boolean' || (typeof raw === 'number' && Number.isFinite(raw))
        ? raw
        : typeof raw === 'string' && raw.length <= MAX_STRING
          ? raw
          : undefined;
    if (flat === undefined) continue;
    if (Object.keys(value).length >= APPSFLYER_EVENT_VALUE_MAX_KEYS) break;
    value[key] = flat;
    if (JSON.stringify(value).length > APPSFLYER_EVENT_VALUE_MAX_CHARS) delete value[key];
  }
  return value;
}

/** The waits before a send that failed on the way is tried again; then the event is dropped. */
export const BRIDGE_RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 16_000] as const;

/** A failure that may pass (the network, the server busy or down), unlike a refusal (4xx). */
const mayPass = (error: unknown) =>
  !(error instanceof ApiError) || error.status >= 500 || error.status === 429;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Waits for the bridge (the app's id and the player's): at most BRIDGE_QUEUE_CAP, newest dropped.
 * An event whose send failed on the way is sent again after BRIDGE_RETRY_DELAYS_MS, in order; a
 * refused one is dropped at once (it will not get better by resending).
 */
export function createBridgeQueue(
  send: (event: AppEvent & { userId: string }) => Promise<void>,
  wait: (ms: number) => Promise<void> = sleep,
) {
  const queue: AppEvent[] = [];
  let userId: string | null = null;
  let ready = false;
  let sending = false;

  async function drain(): Promise<void> {
    if (sending || !ready || !userId) return;
    sending = true;
    try {
      while (queue.length > 0) {
        const next = queue[0];
        if (!next) break;
        await sendWithRetries({ ...next, userId });
        queue.shift();
      }
    } finally {
      sending = false;
    }
  }

  async function sendWithRetries(event: AppEvent & { userId: string }): Promise<void> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await send(event);
        return;
      } catch (error) {
        const delay = mayPass(error) ? BRIDGE_RETRY_DELAYS_MS[attempt] : undefined;
        if (delay === undefined) return;
        await wait(delay);
      }
    }
  }

  return {
    push(event: AppEvent): void {
      if (queue.length >= BRIDGE_QUEUE_CAP) return;
      queue.push(event);
      void drain();
    },
    setUser(id: string): void {
      userId = id;
      void drain();
    },
    open(): void {
      ready = true;
      void drain();
    },
    size: () => queue.length,
  };
}

let app: MobileApp | undefined;
let bridge: ReturnType<typeof createBridgeQueue> | undefined;

function mobileApp(): MobileApp {
  if (app) return app;
  if (typeof window === 'undefined') return { isMobileApp: false, appsFlyerId: null, isIos: false };
  let stored: string | null = null;
  try {
    stored = window.sessionStorage.getItem(ID_KEY);
  } catch {
    // Storage off: the query or the bridge must say it every time.
  }
  app = detectMobileApp({
    bridge: window.CoinfallApp,
    userAgent: navigator.userAgent,
    search: window.location.search,
    storedId: stored,
  });
  if (app.appsFlyerId) {
    try {
      window.sessionStorage.setItem(ID_KEY, app.appsFlyerId);
    } catch {
      // Kept in memory for this page only.
    }
  }
  return app;
}

function appBridge(): ReturnType<typeof createBridgeQueue> | undefined {
  const current = mobileApp();
  if (!current.isMobileApp || !current.appsFlyerId) return undefined;
  if (!bridge) {
    const { appsFlyerId, isIos } = current;
    bridge = createBridgeQueue(({ eventName, eventValue, userId }) =>
      apiClient().post('/api/appsflyer-events', {
        body: { isIos, appsFlyerId, userId, eventName, eventValue },
        skipGlobalHandler: true,
      }),
    );
    bridge.open();
  }
  return bridge;
}

/** In the app's webview: the spec's conversion events go to AppsFlyer through our server. */
export function forwardToApp(eventType: string, value: Record<string, unknown>): void {
  const eventName = APP_EVENT_NAMES[eventType];
  if (!eventName) return;
  appBridge()?.push({ eventName, eventValue: appEventValue(value) });
}

export function setAppUser(userId: string): void {
  appBridge()?.setUser(userId);
}
