import type { AppsFlyerEventValue } from '@coinfall/shared';

/** One event as the sender hands it to a provider. */
export interface AppsFlyerEvent {
  platform: 'ios' | 'android';
  appsFlyerId: string;
  customerUserId: string | null;
  eventName: string;
  eventValue: AppsFlyerEventValue;
  eventTime: Date;
}

/**
 * What a provider says of one post. `retry`: may succeed later (network, timeout, 408, 429, 5xx,
 * a refused dev key an operator can fix); `final`: will never succeed as it is (400, no app id for
 * the platform), so it is not sent again.
 */
export type AppsFlyerOutcome = { ok: true } | { ok: false; retry: boolean; error: string };

/** AppsFlyer's S2S time format: `yyyy-MM-dd HH:mm:ss.SSS`, UTC. */
export function appsFlyerTime(at: Date): string {
  return at.toISOString().replace('T', ' ').replace('Z', '');
}

/**
 * The body of POST /inappevent/{app_id} (AppsFlyer's S2S in-app events API): the device id, our
 * player id as customer_user_id when we vouch for one, and the event with its own time.
 */
export function s2sBody(event: AppsFlyerEvent): Record<string, unknown> {
  return {
    appsflyer_id: event.appsFlyerId,
    ...(event.customerUserId ? { customer_user_id: event.customerUserId } : {}),
    eventName: event.eventName,
    eventValue: event.eventValue,
    eventTime: appsFlyerTime(event.eventTime),
    ...(typeof event.eventValue.af_currency === 'string'
      ? { eventCurrency: event.eventValue.af_currency }
      : {}),
  };
}

/** How an HTTP answer of AppsFlyer reads: 2xx taken; 400/404/413/422 final; the rest retried. */
export function outcomeOfStatus(status: number): AppsFlyerOutcome {
  if (status >= 200 && status < 300) return { ok: true };
  const final = status === 400 || status === 404 || status === 413 || status === 422;
  return { ok: false, retry: !final, error: `AppsFlyer answered ${status}` };
}

/** Attempts and waits between them: the senders' shared backoff (about a day in all). */
export {
  DELIVERY_MAX_ATTEMPTS as MAX_ATTEMPTS,
  deliveryRetryDelayMs as retryDelayMs,
} from '../../platform/delivery-backoff.fns.ts';
