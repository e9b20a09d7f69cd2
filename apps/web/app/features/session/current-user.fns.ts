/** Routes a current-user fetch never follows: the error pages (spec §4 "Other transitions"). */
const ERROR_ROUTES = new Set(['error-403', 'error-404', 'error-500', 'blocked', 'catch-all']);
/** The game page, where a phone keeps every request for the game itself. */
const GAME_ROUTE = 'games-id';

/** A route id without its locale copy's prefix ("locale:profile-info" → "profile-info"). */
export const routeName = (id: string): string => id.replace(/^locale:/, '');

/**
 * Spec §4: the current user is fetched on route change, only when the route name changes, never
 * to an error route, and not to the game page on a phone.
 */
export function fetchesUserOnRouteChange(
  from: string | undefined,
  to: string,
  isMobile: boolean,
): boolean {
  const next = routeName(to);
  if (from !== undefined && routeName(from) === next) return false;
  if (ERROR_ROUTES.has(next)) return false;
  return !(isMobile && next === GAME_ROUTE);
}
