import type { ShouldRevalidateFunctionArgs } from 'react-router';
import { IS_AUTH_PARAM, TRACKED_PARAMS } from './query-tracking';

const TRACKING_ONLY = new Set<string>([IS_AUTH_PARAM, ...TRACKED_PARAMS]);

function withoutTracking(url: URL): string {
  const params = new URLSearchParams(url.search);
  for (const name of TRACKING_ONLY) params.delete(name);
  params.sort();
  return `${url.pathname}?${params.toString()}`;
}

/**
 * The shell re-adds is_auth and the marketing parameters after each navigation with a replace;
 * that second URL change must not reload every loader. Routes with loaders export this.
 */
export function shouldRevalidateIgnoringTracking({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  // An explicit revalidate() (after login or logout) keeps the URL and must always reload.
  if (
    !formMethod &&
    currentUrl.href !== nextUrl.href &&
    currentUrl.pathname === nextUrl.pathname &&
    withoutTracking(currentUrl) === withoutTracking(nextUrl)
  ) {
    return false;
  }
  return defaultShouldRevalidate;
}
