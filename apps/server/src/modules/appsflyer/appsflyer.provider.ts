import {
  s2sBody,
  outcomeOfStatus,
  type AppsFlyerEvent,
  type AppsFlyerOutcome,
} from './appsflyer.fns.ts';
import type { AppsFlyerSandboxRepo } from './appsflyer.repo.ts';

/**
 * Where app conversions go (decision 048): AppsFlyer's S2S in-app events API, or the sandbox
 * that records what it would have posted. One post per event; the sender owns retries.
 */
export interface AppsFlyerProvider {
  readonly kind: 'appsflyer' | 'sandbox';
  send(event: AppsFlyerEvent): Promise<AppsFlyerOutcome>;
}

const POST_TIMEOUT_MS = 5_000;

/** The app id of the event's platform; null when that platform's app is not configured. */
function appIdOf(
  apps: { iosAppId: string | null; androidAppId: string | null },
  event: AppsFlyerEvent,
): string | null {
  return event.platform === 'ios' ? apps.iosAppId : apps.androidAppId;
}

/**
 * AppsFlyer itself: POST {apiUrl}/inappevent/{app_id} with the dev key in the `authentication`
 * header. iOS and Android are two apps in AppsFlyer, with ids of their own (iOS: `id` + digits).
 */
export function createAppsFlyerHttpProvider(config: {
  apiUrl: string;
  devKey: string;
  iosAppId: string | null;
  androidAppId: string | null;
}): AppsFlyerProvider {
  return {
    kind: 'appsflyer',
    async send(event) {
      const appId = appIdOf(config, event);
      if (!appId) return { ok: false, retry: false, error: `no ${event.platform} app configured` };
      const url = `${config.apiUrl.replace(/\/+$/, '')}/inappevent/${encodeURIComponent(appId)}`;
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authentication: config.devKey },
          body: JSON.stringify(s2sBody(event)),
          signal: AbortSignal.timeout(POST_TIMEOUT_MS),
        });
        await res.body?.cancel();
        return outcomeOfStatus(res.status);
      } catch (err) {
        return { ok: false, retry: true, error: err instanceof Error ? err.message : String(err) };
      }
    },
  };
}

/** The sandbox's stand-in app ids, shaped like real ones. */
export const SANDBOX_APP_IDS = { iosAppId: 'id0000000000', androidAppId: 'com.coinfall.sandbox' };

/**
 * The sandbox AppsFlyer (SANDBOX on, no dev key; decision 019): records the body the real
 * provider would post, to the app it would post it to, for the operator to read.
 */
export function createAppsFlyerSandboxProvider(
  repo: Pick<AppsFlyerSandboxRepo, 'insert'>,
): AppsFlyerProvider {
  return {
    kind: 'sandbox',
    async send(event) {
      const appId = appIdOf(SANDBOX_APP_IDS, event)!;
      await repo.insert({ appId, body: s2sBody(event) });
      return { ok: true };
    },
  };
}
