import type { SocialSignup } from './api-failure.fns';
import {
  parseSocialReturn,
  parseSocialSignup,
  serializeSocialReturn,
  serializeSocialSignup,
  SOCIAL_RETURN_STORAGE_KEY,
  SOCIAL_SIGNUP_STORAGE_KEY,
} from './social-login.fns';

/** sessionStorage, or nothing (private mode, blocked storage): the flow then starts over. */
function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

function write(key: string, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch {
    // Storage full or refused: the sign-up variant will not find it and shows the plain form.
  }
}

export function saveSocialSignup(signup: SocialSignup): void {
  write(SOCIAL_SIGNUP_STORAGE_KEY, serializeSocialSignup(signup, Date.now()));
}

export function readSocialSignup(): SocialSignup | undefined {
  return parseSocialSignup(storage()?.getItem(SOCIAL_SIGNUP_STORAGE_KEY) ?? null, Date.now());
}

/** The token is single-use: gone once it registered (or can no longer be used). */
export function clearSocialSignup(): void {
  storage()?.removeItem(SOCIAL_SIGNUP_STORAGE_KEY);
}

export function saveSocialReturn(state: string, backTo: string | undefined): void {
  write(SOCIAL_RETURN_STORAGE_KEY, serializeSocialReturn(state, backTo));
}

/** The backTo of this login, read once. */
export function takeSocialReturn(state: string): string | undefined {
  const backTo = parseSocialReturn(storage()?.getItem(SOCIAL_RETURN_STORAGE_KEY) ?? null, state);
  storage()?.removeItem(SOCIAL_RETURN_STORAGE_KEY);
  return backTo;
}
