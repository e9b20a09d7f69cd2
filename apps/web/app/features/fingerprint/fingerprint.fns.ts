import { VISITOR_ID_PATTERN } from '@coinfall/shared/contracts/fingerprint';

/** Where the tab remembers the player whose device it reported (one report per session). */
export const REPORTED_KEY = 'coinfall:fp-reported';

/**
 * Whether this page should report the device: the content flag on, a signed-in player, and this
 * tab's session has not reported it for that player yet (a new login of another player does).
 */
export function shouldReportDevice(input: {
  enabled: boolean;
  isAuthenticated: boolean;
  playerId: string;
  reportedFor: string | null;
}): boolean {
  return input.enabled && input.isAuthenticated && input.reportedFor !== input.playerId;
}

/**
 * Spec §7 `GET /api/fp?visitorId&email&userId`; null for an id FingerprintJS would not produce
 * (nothing is sent then). The server links the session's player and only checks email / userId.
 */
export function fingerprintPath(input: {
  visitorId: string;
  email: string;
  userId: string;
}): string | null {
  const visitorId = input.visitorId.trim().toLowerCase();
  if (!VISITOR_ID_PATTERN.test(visitorId)) return null;
  const query = new URLSearchParams({ visitorId, email: input.email, userId: input.userId });
  return `/api/fp?${query.toString()}`;
}

/**
 * `work`, or a rejection as soon as `signal` aborts (the deadline's abort carries its reason):
 * FingerprintJS's load and get take no signal of their own.
 */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(abortReason(signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortReason(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

const abortReason = (signal: AbortSignal): Error =>
  signal.reason instanceof Error ? signal.reason : new Error('The fingerprint was aborted');
