import type { PlayerProfile } from '@coinfall/shared/contracts/player';
import type { SessionResult } from '../../lib/session/session';
import type { AccountOutcome } from './account-call';
import { trackSessionOpened } from '../analytics/session-events.ts';

/** What the mailed confirmation link achieved. */
export interface ConfirmEmailResult {
  confirmed: boolean;
  /** The profile when the link's one-time token logged this device in. */
  loggedInAs: PlayerProfile | undefined;
}

export interface ConfirmEmailDeps {
  confirmEmail: (body: { code: string }) => Promise<AccountOutcome<unknown>>;
  loginWithToken: (token: string) => Promise<SessionResult>;
}

/**
 * The link `/?modal=success&source=confirm-email&code=…&token=…`: the code confirms the email
 * (it names the player, no login needed); a device without a session also logs in with the
 * token. Both are single-use, so whatever the first answer, the login is still tried.
 */
export async function followConfirmEmailLink(
  link: { code: string; token: string | undefined; isAuthenticated: boolean },
  deps: ConfirmEmailDeps,
): Promise<ConfirmEmailResult> {
  const confirmed = link.code ? (await deps.confirmEmail({ code: link.code })).ok : false;
  if (link.isAuthenticated || !link.token) return { confirmed, loggedInAs: undefined };
  const session = await deps.loginWithToken(link.token);
  if (session.ok)
    trackSessionOpened(session.session.profile, { registered: false, method: 'email-link' });
  return { confirmed, loggedInAs: session.ok ? session.session.profile : undefined };
}

const runs = new Map<string, Promise<ConfirmEmailResult>>();

/**
 * One run per link in this tab: a re-render, a remount or React's development double effect
 * must not send a single-use code twice (the second answer would say "already used").
 */
export function followConfirmEmailLinkOnce(
  link: { code: string; token: string | undefined; isAuthenticated: boolean },
  deps: ConfirmEmailDeps,
): Promise<ConfirmEmailResult> {
  const key = `${link.code}\n${link.token ?? ''}`;
  let run = runs.get(key);
  if (!run) {
    run = followConfirmEmailLink(link, deps);
    runs.set(key, run);
  }
  return run;
}
