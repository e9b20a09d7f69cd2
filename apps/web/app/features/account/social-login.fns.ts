import type { SocialSignup } from './api-failure.fns';

/**
 * The browser half of social login (spec §7): what survives the provider round trip, and how
 * the callback page reads its query. Storage is sessionStorage (this tab only), so the
 * registration token never sits in a URL, a history entry or a referrer.
 */

/** The pending social sign-up of a 409 SOCIAL_SIGNUP_REQUIRED answer. */
export const SOCIAL_SIGNUP_STORAGE_KEY = 'coinfall:social-signup';
/** The modal to return to after the provider (spec §4 backTo), tied to the authorize state. */
export const SOCIAL_RETURN_STORAGE_KEY = 'coinfall:social-return';
/** The server keeps registration tokens short-lived; an older one is not worth offering. */
export const SOCIAL_SIGNUP_TTL_MS = 15 * 60_000;

function parseJson(raw: string | null): Record<string, unknown> | undefined {
  if (!raw) return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

export function serializeSocialSignup(signup: SocialSignup, now: number): string {
  return JSON.stringify({ ...signup, savedAt: now });
}

/** The stored sign-up, unless it is unreadable or older than the TTL. */
export function parseSocialSignup(raw: string | null, now: number): SocialSignup | undefined {
  const value = parseJson(raw);
  if (!value) return undefined;
  const { registrationToken, email, connection, savedAt } = value;
  if (typeof registrationToken !== 'string' || registrationToken === '') return undefined;
  if (typeof connection !== 'string' || connection === '') return undefined;
  if (typeof savedAt !== 'number' || now - savedAt > SOCIAL_SIGNUP_TTL_MS || savedAt > now)
    return undefined;
  return {
    registrationToken,
    connection: connection as SocialSignup['connection'],
    email: typeof email === 'string' && email !== '' ? email : null,
  };
}

export function serializeSocialReturn(state: string, backTo: string | undefined): string {
  return JSON.stringify({ state, backTo });
}

/** The backTo saved for this `state`; another login's leftovers are ignored. */
export function parseSocialReturn(raw: string | null, state: string): string | undefined {
  const value = parseJson(raw);
  if (value?.state !== state) return undefined;
  return typeof value.backTo === 'string' && value.backTo !== '' ? value.backTo : undefined;
}

export type CallbackQuery =
  | { kind: 'exchange'; code: string; state: string }
  | { kind: 'providerError'; error: string }
  | { kind: 'malformed' };

/** `?code&state` from the provider, or `?error` when the player cancelled or it refused. */
export function readCallbackQuery(params: URLSearchParams): CallbackQuery {
  const error = params.get('error');
  if (error !== null) return { kind: 'providerError', error };
  const code = params.get('code');
  const state = params.get('state');
  if (!code || !state) return { kind: 'malformed' };
  return { kind: 'exchange', code, state };
}

/** The home search that opens `modal` (with extra params), or none. */
export function homeSearch(modal: string | undefined, extra: Record<string, string> = {}): string {
  if (!modal) return '';
  return `?${new URLSearchParams({ modal, ...extra }).toString()}`;
}

/** A connection's name for texts when the API's list is not at hand ("google" → "Google"). */
export function connectionLabel(connection: string): string {
  return connection.charAt(0).toUpperCase() + connection.slice(1);
}
