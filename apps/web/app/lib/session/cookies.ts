import { INACTIVITY_LOGOUT_MS, TOKEN_EXPIRY_MARGIN_MS } from '@coinfall/shared/constants';

export const ACCESS_TOKEN_COOKIE = 'access_token';
export const DRAWER_COMPACT_COOKIE = 'drawer_compact';
export const PREVIEW_COOKIE = 'content_preview';

/** Reads a Cookie header (or document.cookie) into a name → value map. */
export function parseCookies(header: string | null | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name || name in cookies) continue;
    const raw = part
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    try {
      cookies[name] = decodeURIComponent(raw);
    } catch {
      cookies[name] = raw;
    }
  }
  return cookies;
}

/**
 * This tab's content preview token (the cookie the page set), for the API calls whose answer
 * depends on drafts (the registration fields): they send no cookies, so it goes as a query.
 */
export function contentPreviewToken(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return parseCookies(document.cookie)[PREVIEW_COOKIE] || undefined;
}

export interface CookieOptions {
  /** Seconds; omitted for a session cookie, 0 deletes. */
  maxAge?: number;
  path?: string;
  sameSite?: 'Lax' | 'Strict';
  secure?: boolean;
}

export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    `Path=${options.path ?? '/'}`,
    `SameSite=${options.sameSite ?? 'Lax'}`,
  ];
  if (options.maxAge !== undefined) parts.push(`Max-Age=${options.maxAge}`);
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

/** The token's `exp` in ms, read without a JWT library (kept off the first load); undefined when unreadable. */
function tokenExpiryMs(token: string): number | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const json = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='))) as {
      exp?: unknown;
    };
    return typeof json.exp === 'number' ? json.exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Spec §4: usable until 60 s before its expiry, then treated as expired. The signature is not
 * checked here; the API verifies every call.
 */
export function isAccessTokenFresh(token: string | undefined, nowMs: number): boolean {
  const expiry = token ? tokenExpiryMs(token) : undefined;
  return expiry !== undefined && nowMs < expiry - TOKEN_EXPIRY_MARGIN_MS;
}

/**
 * A token that is fresh, or expired less than the inactivity window ago: its session may still
 * live, and the first API call renews it (decision 026). The shell renders such a visitor as
 * signed in; a refresh that fails then signs them out.
 */
export function isAccessTokenRenewable(token: string | undefined, nowMs: number): boolean {
  const expiry = token ? tokenExpiryMs(token) : undefined;
  return expiry !== undefined && nowMs < expiry + INACTIVITY_LOGOUT_MS;
}
